import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DbOrTx } from '@sala/db/client';
import { firstName } from '@sala/shared/calendar-feeds/calendar-feed.rules';
import { formatCredits } from '@sala/shared/format/credits';
import { formatCalendarDate, formatSessionWhen } from '@sala/shared/format/dates';
import { currentVersion, PRIVACY_NOTICE_VERSIONS } from '@sala/shared/legal/legal.rules';
import { addDays, businessDate, businessInstant, businessTime } from '@sala/shared/time/business-time';
import type {
  TMyWhatsApp,
  TWhatsAppMessagesQuery,
  TWhatsAppMessagesResponse,
} from '@sala/shared/whatsapp/whatsapp.contract';
import { whatsappMessages as m } from '@sala/shared/whatsapp/whatsapp.messages';
import {
  errorOutcome,
  formatWhatsAppNumber,
  isOptOutReply,
  STATUS_RANK,
  type TWhatsAppStatus,
  whatsappNumberOf,
} from '@sala/shared/whatsapp/whatsapp.rules';
import {
  renderTemplate,
  WHATSAPP_TEMPLATES,
  type WhatsAppTemplateName,
} from '@sala/shared/whatsapp/whatsapp.templates';
import type { ActingContext, RequestContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { toPage } from '../../lib/paging';
import type { CreditExpiryFacts, SessionFacts } from '../../ports/notify';
import {
  activeNumbersOf,
  applyStatus,
  consentsByNumber,
  deleteMessagesOf,
  deletePendingByKeys,
  findConsent,
  giveConsent,
  insertMessages,
  listMessagesPage,
  markUnreachable,
  whatsappDataOf,
  withdrawConsent,
} from './whatsapp.repository';

/** The channel as this server has it: null when the WHATSAPP_* settings are not set (nothing offers it). */
export type WhatsAppChannel = { appSecret: string; verifyToken: string } | null;

/** GET /api/me/whatsapp */
export async function myWhatsApp(ctx: ActingContext, channel: WhatsAppChannel): Promise<TMyWhatsApp> {
  const consent = await findConsent(ctx.db, ctx.actor.id);
  const enabled = consent !== null && consent.withdrawnAt === null;
  const number = enabled ? consent.phone : whatsappNumberOf(ctx.actor.phone);
  return {
    available: channel !== null,
    enabled,
    number: number ? formatWhatsAppNumber(number) : null,
    consentedAt: enabled ? consent.consentedAt.toISOString() : null,
    noticeVersion: enabled ? consent.noticeVersion : null,
    unreachable:
      enabled && consent.unreachableAt
        ? { at: consent.unreachableAt.toISOString(), reason: consent.unreachableReason ?? m.unreachable }
        : null,
  };
}

/**
 * PUT /api/me/whatsapp: on records the consent (now, the current notice version, the profile's number, as
 * WhatsApp takes it); off is recorded as withdrawn from Mi perfil. Turning it on again clears "unreachable".
 */
export async function setMyWhatsApp(
  ctx: ActingContext,
  channel: WhatsAppChannel,
  { enabled }: { enabled: boolean },
): Promise<TMyWhatsApp> {
  if (!channel) throw new AppError('aborted', m.off);
  if (enabled) {
    const phone = whatsappNumberOf(ctx.actor.phone);
    if (!phone) throw new AppError('invalid-argument', m.phoneInvalid);
    await giveConsent(ctx.db, {
      userId: ctx.actor.id,
      phone,
      at: ctx.now,
      noticeVersion: currentVersion(PRIVACY_NOTICE_VERSIONS).version,
    });
  } else {
    await withdrawConsent(ctx.db, ctx.actor.id, ctx.now, 'profile');
  }
  return myWhatsApp(ctx, channel);
}

/** A template's parameter as WhatsApp accepts it: one line, no runs of spaces, never empty. */
const param = (value: string) => Array.from(value.replace(/\s+/g, ' ').trim()).slice(0, 500).join('') || '—';

export type SessionMessageKind = 'booked' | 'reminder' | 'cancelled' | 'waitlist';

const TEMPLATE_OF: Record<SessionMessageKind, WhatsAppTemplateName> = {
  booked: 'reservacion_confirmada',
  reminder: 'recordatorio_sesion',
  cancelled: 'reservacion_cancelada',
  waitlist: 'lista_espera_reservada',
};

/** A session's message of one kind, once ever (a retried booking or a second reminder run writes nothing). */
export const sessionMessageKey = (kind: SessionMessageKind, sessionId: string) => `wa:${kind}:${sessionId}`;

function paramsOf(
  kind: SessionMessageKind,
  session: SessionFacts,
  credits: number,
  profileUrl: string,
): string[] {
  const when = formatSessionWhen(businessDate(session.startsAt), businessTime(session.startsAt));
  const address = session.branchAddress || session.cityName;
  const name = firstName(session.holderName);
  switch (kind) {
    case 'booked':
    case 'reminder':
      return [name, when, session.roomName, session.branchName, address, profileUrl];
    case 'cancelled':
      return [name, when, session.roomName, session.branchName, String(credits)];
    case 'waitlist':
      return [name, when, session.roomName, session.branchName, address, String(credits), profileUrl];
  }
}

/**
 * Writes the WhatsApp messages of what happened to these sessions, in the caller's transaction, for the holders
 * who have WhatsApp on (one indexed read of their consents); the others get none. Called by the notifications
 * (modules/mail/notify.ts) next to the e-mails, which go out as always.
 */
export async function queueSessionMessages(
  tx: DbOrTx,
  kind: SessionMessageKind,
  items: { session: SessionFacts; credits?: number }[],
  profileUrl: string,
): Promise<void> {
  const holders = [...new Set(items.flatMap(({ session }) => (session.userId ? [session.userId] : [])))];
  const numbers = await activeNumbersOf(tx, holders);
  if (numbers.size === 0) return;
  await insertMessages(
    tx,
    items.flatMap(({ session, credits = 0 }) => {
      const phone = session.userId ? numbers.get(session.userId) : undefined;
      if (!phone || !session.userId) return [];
      const template = TEMPLATE_OF[kind];
      return [
        {
          userId: session.userId,
          toPhone: phone,
          template,
          params: paramsOf(kind, session, credits, profileUrl).map(param),
          dedupeKey: sessionMessageKey(kind, session.id),
          // A message about a session is of no use once it started (a channel down for days, say).
          sendBy: session.startsAt,
        },
      ];
    }),
  );
}

/** A lot's warning before it expires, once per lot, last day and step (an extended lot is warned again). */
export const creditMessageKey = (warning: { lotId: string; expiresOn: string; days: number }) =>
  `wa:credits:${warning.lotId}:${warning.expiresOn}:${warning.days}`;

/**
 * Writes the WhatsApp warnings of lots about to expire (issue 44), in the caller's transaction, for the clients who
 * have WhatsApp on; of no use once the lot's last day ended.
 */
export async function queueCreditMessages(
  tx: DbOrTx,
  warnings: CreditExpiryFacts[],
  bookUrl: string,
): Promise<void> {
  const numbers = await activeNumbersOf(tx, [...new Set(warnings.map((w) => w.userId))]);
  if (numbers.size === 0) return;
  await insertMessages(
    tx,
    warnings.flatMap((warning) => {
      const phone = numbers.get(warning.userId);
      if (!phone) return [];
      return [
        {
          userId: warning.userId,
          toPhone: phone,
          template: 'creditos_por_vencer' as const,
          params: [
            firstName(warning.name),
            formatCredits(warning.credits),
            formatCalendarDate(warning.expiresOn),
            bookUrl,
          ].map(param),
          dedupeKey: creditMessageKey(warning),
          sendBy: businessInstant(addDays(warning.expiresOn, 1), '00:00'),
        },
      ];
    }),
  );
}

/** A cancelled or moved session's confirmation and reminder, if they have not gone out yet, are dropped. */
export function dropSessionMessages(tx: DbOrTx, sessionIds: string[]) {
  return deletePendingByKeys(
    tx,
    sessionIds.flatMap((id) => [sessionMessageKey('booked', id), sessionMessageKey('reminder', id)]),
  );
}

/** A closed account: WhatsApp off (recorded as withdrawn) and nothing more sent. */
export async function withdrawWhatsAppOf(tx: DbOrTx, userId: string, now: Date) {
  await withdrawConsent(tx, userId, now, 'profile');
}

/** Suppression: the person's consent and messages go. */
export function forgetWhatsAppOf(tx: DbOrTx, userId: string) {
  return deleteMessagesOf(tx, userId);
}

/** GET /api/whatsapp/messages (super admin) */
export async function listWhatsAppMessages(
  ctx: ActingContext,
  channel: WhatsAppChannel,
  query: TWhatsAppMessagesQuery,
): Promise<TWhatsAppMessagesResponse> {
  const rows = await listMessagesPage(ctx.db, query);
  const page = toPage(rows, query, (row) => {
    const template = WHATSAPP_TEMPLATES[row.template as WhatsAppTemplateName];
    return {
      id: row.id,
      to: formatWhatsAppNumber(row.to),
      clientName: row.clientName,
      template: row.template,
      templateTitle: template?.title ?? row.template,
      text: template ? renderTemplate(template.name, row.params) : row.params.join(' · '),
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
      acceptedAt: row.acceptedAt?.toISOString() ?? null,
      statusAt: row.statusAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  });
  return { ...page, channel: channel !== null };
}

/** GET /api/whatsapp/webhook: Meta's subscription handshake; the challenge back only for our verify token. */
export function verifySubscription(
  channel: WhatsAppChannel,
  query: { mode?: string; token?: string; challenge?: string },
): string {
  if (!channel) throw new AppError('not-found', m.off);
  const given = Buffer.from(query.token ?? '');
  const expected = Buffer.from(channel.verifyToken);
  const matches = given.length === expected.length && timingSafeEqual(given, expected);
  if (query.mode !== 'subscribe' || !matches || !query.challenge) {
    throw new AppError('permission-denied', m.verifyRefused);
  }
  return query.challenge;
}

/** X-Hub-Signature-256: "sha256=" and the HMAC-SHA256 of the body's exact bytes with the app secret. */
export function signatureMatches(appSecret: string, rawBody: Buffer, header: string | undefined): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

type WebhookStatus = {
  id?: string;
  status?: string;
  timestamp?: string;
  recipient_id?: string;
  errors?: { code?: number; title?: string; message?: string; error_data?: { details?: string } }[];
};
type WebhookMessage = { from?: string; type?: string; text?: { body?: string }; button?: { text?: string } };
type WebhookPayload = {
  object?: string;
  entry?: {
    changes?: { field?: string; value?: { statuses?: WebhookStatus[]; messages?: WebhookMessage[] } }[];
  }[];
};

const FOLLOWED = new Set(['sent', 'delivered', 'read', 'failed']);

/**
 * POST /api/whatsapp/webhook: refused (401, nothing changes) unless signed with the app secret. Each status
 * moves its message forward only (a late one changes nothing); a failure that says the number cannot be reached
 * marks the client's WhatsApp as unreachable; a "BAJA" reply turns WhatsApp off for that number.
 */
export async function handleWebhook(
  ctx: Pick<RequestContext, 'db' | 'now' | 'log'>,
  channel: WhatsAppChannel,
  { rawBody, signature }: { rawBody: Buffer; signature: string | undefined },
): Promise<void> {
  if (!channel) throw new AppError('not-found', m.off);
  if (!signatureMatches(channel.appSecret, rawBody, signature)) {
    throw new AppError('unauthenticated', m.signatureInvalid);
  }
  let payload: WebhookPayload;
  try {
    payload = JSON.parse(rawBody.toString('utf8')) as WebhookPayload;
  } catch {
    throw new AppError('invalid-argument', m.bodyInvalid);
  }
  const rank = (status: string) => STATUS_RANK[status as TWhatsAppStatus] ?? 0;
  let tooEarly = false;
  for (const entry of payload.entry ?? []) {
    for (const change of entry.changes ?? []) {
      const value = change.value;
      for (const status of value?.statuses ?? []) {
        if (!status.id || !status.status || !FOLLOWED.has(status.status)) continue;
        const seconds = Number(status.timestamp);
        const at = Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : ctx.now;
        const error = status.errors?.[0];
        const code = typeof error?.code === 'number' ? error.code : null;
        const reason = error
          ? [error.title ?? error.message, error.error_data?.details].filter(Boolean).join(' — ')
          : null;
        const result = await applyStatus(
          ctx.db,
          {
            wamid: status.id,
            status: status.status as 'sent' | 'delivered' | 'read' | 'failed',
            at,
            error: reason ? `(#${code ?? '?'}) ${reason}`.slice(0, 500) : null,
            code,
          },
          rank,
        );
        // A status of a message whose send is still being recorded: WhatsApp is asked to tell it again (it
        // retries what is not answered with 200). One older than ten minutes names no message of ours.
        if ('unknown' in result) {
          tooEarly ||= ctx.now.getTime() - at.getTime() < 10 * 60_000;
          continue;
        }
        const changed = result.changed;
        if (changed?.userId && status.status === 'failed' && errorOutcome(400, code).unreachable) {
          await markUnreachable(ctx.db, changed.userId, changed.toPhone, at, m.unreachable);
        }
      }
      for (const message of value?.messages ?? []) {
        const text = message.text?.body ?? message.button?.text ?? '';
        const from = message.from ? whatsappNumberOf(message.from) : null;
        if (!from || !isOptOutReply(text)) continue;
        for (const { userId } of await consentsByNumber(ctx.db, from)) {
          await withdrawConsent(ctx.db, userId, ctx.now, 'reply');
        }
        ctx.log.info({ from: `…${from.slice(-4)}` }, 'WhatsApp turned off by a BAJA reply');
      }
    }
  }
  if (tooEarly) throw new AppError('unavailable', m.statusTooEarly);
}

/** ARCO access: the consent (its date, notice version, number, withdrawal) and the messages, as the client reads them. */
export async function whatsappDataFor(db: DbOrTx, userId: string) {
  const { consent, messages } = await whatsappDataOf(db, userId);
  return {
    consent: consent
      ? {
          number: formatWhatsAppNumber(consent.phone),
          consentedAt: consent.consentedAt,
          noticeVersion: consent.noticeVersion,
          withdrawnAt: consent.withdrawnAt,
          withdrawnVia: consent.withdrawnVia,
          unreachableAt: consent.unreachableAt,
        }
      : null,
    messages: messages.map((message) => {
      const template = WHATSAPP_TEMPLATES[message.template as WhatsAppTemplateName];
      return {
        createdAt: message.createdAt,
        to: formatWhatsAppNumber(message.toPhone),
        status: message.status,
        text: template ? renderTemplate(template.name, message.params) : message.params.join(' · '),
      };
    }),
  };
}
