import type { DbOrTx } from '@sala/db/client';
import { verifyPassword } from '@sala/db/password';
import type { TSessionUser } from '@sala/shared/auth/session.contract';
import { formatCalendarDate, formatSessionWhen } from '@sala/shared/format/dates';
import { formatMoney } from '@sala/shared/format/money';
import { RETENTION_YEARS } from '@sala/shared/legal/retention';
import type {
  TCloseMyAccountRequest,
  TConfirmEmailChangeRequest,
  TCreatePrivacyRequestRequest,
  TMyPrivacy,
  TPrivacyRequest,
  TPrivacyRequestKind,
  TPrivacyRequestListQuery,
  TRequestEmailChangeRequest,
  TResolvePrivacyRequestRequest,
  TUnsubscribeRequest,
  TUpdateMyPreferencesRequest,
} from '@sala/shared/privacy/privacy.contract';
import { privacyMessages as m } from '@sala/shared/privacy/privacy.messages';
import { privacyDueDate } from '@sala/shared/privacy/privacy.rules';
import type { TPage } from '@sala/shared/table/table.contract';
import { businessDate, businessTime } from '@sala/shared/time/business-time';
import type { ActingContext, JobContext, RequestContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { toPage } from '../../lib/paging';
import { readTogether } from '../../lib/read-together';
import { verifySubject } from '../../lib/signing';
import { hashToken, newToken } from '../../lib/tokens';
import { forgetPersonInLog, recordAudit } from '../audit/audit.service';
import { loginsOf } from '../auth/logins.service';
import { allSessionsOf, upcomingSessionsOf } from '../bookings/bookings.service';
import { allWaitlistOf, endWaitlistOf } from '../bookings/waitlist.service';
import { revokeCalendarFeedOf } from '../calendar-feeds/calendar-feeds.service';
import { closeAllCredits, ledgerOf } from '../credits/credits.service';
import { clientLots } from '../credits/lots.service';
import { fiscalDataOf, forgetFiscalProfileOf } from '../invoicing/invoicing.service';
import { businessContact, consentHistory, legalFacts } from '../legal/legal.service';
import { messagesWrittenTo } from '../mail/mail.service';
import { allOrdersOf, pendingOrdersOf } from '../orders/orders.service';
import { checkoutsOf, paymentsInProgressOf } from '../payments/payments.service';
import {
  accountsToSuppress,
  changeOwnEmail,
  closeAccountRow,
  findAccount,
  findAccountByEmail,
  lockAccount,
  lockOrdersBeforeRename,
  setRemindersEnabled,
  suppressAccount,
  updateOwnProfile,
} from '../users/users.service';
import { forgetWhatsAppOf, whatsappDataFor, withdrawWhatsAppOf } from '../whatsapp/whatsapp.service';
import { type ExportFile, type PersonalData, personalDataFiles } from './data-export';
import {
  consumeEmailChange,
  deleteEmailChangesOf,
  findRequest,
  findRequestView,
  insertEmailChange,
  insertRequest,
  listRequests,
  requestsOfUser,
  resolveRequestRow,
} from './privacy.repository';

/** A confirmation link for a new e-mail lasts a day: long enough to open the mail, short enough to go stale. */
const EMAIL_CHANGE_TTL_MS = 24 * 3_600_000;

type RequestView = NonNullable<Awaited<ReturnType<typeof findRequestView>>>;

const toPrivacyRequest = (row: RequestView): TPrivacyRequest => ({
  ...row,
  receivedAt: row.receivedAt.toISOString(),
  resolvedAt: row.resolvedAt?.toISOString() ?? null,
});

/**
 * Every ARCO action is logged (issue 27): a person's own, done at once through the site, and the ones that arrive by
 * e-mail or in person, open until the super admin acts. Each is due 20 business days after it was received.
 */
function logRequest(
  tx: DbOrTx,
  now: Date,
  request: {
    userId: string;
    kind: TPrivacyRequestKind;
    channel: 'web' | 'email' | 'in_person';
    detail: string;
    done?: { resolution: string; by: string | null };
    recordedBy?: string | null;
  },
) {
  return insertRequest(tx, {
    userId: request.userId,
    kind: request.kind,
    channel: request.channel,
    status: request.done ? 'done' : 'open',
    receivedAt: now,
    dueOn: privacyDueDate(businessDate(now)),
    detail: request.detail,
    resolution: request.done?.resolution ?? null,
    resolvedBy: request.done?.by ?? null,
    resolvedAt: request.done ? now : null,
    recordedBy: request.recordedBy ?? null,
  });
}

/** Why an account cannot be closed right now, in words: sessions still to come, payments still in progress. */
async function closeBlockers(db: DbOrTx, userId: string, now: Date) {
  const [sessions, payments, orders] = await readTogether(db, [
    () => upcomingSessionsOf(db, userId, now),
    () => paymentsInProgressOf(db, userId, now),
    () => pendingOrdersOf(db, userId),
  ]);
  return {
    sessions: sessions.map(
      (s) => `${formatSessionWhen(businessDate(s.startsAt), businessTime(s.startsAt))} en ${s.branchName}`,
    ),
    payments: [
      ...payments.map((p) => ({ at: p.createdAt, cents: p.amountCents })),
      ...orders.map((o) => ({ at: o.createdAt, cents: o.totalCents })),
    ].map(({ at, cents }) => `${formatMoney(cents)} del ${formatCalendarDate(businessDate(at))}`),
  };
}

const blockerMessage = ({ sessions, payments }: { sessions: string[]; payments: string[] }) =>
  sessions.length > 0
    ? m.closeRefusedSessions(sessions)
    : payments.length > 0
      ? m.closeRefusedPayments(payments)
      : null;

async function ownAccount(db: DbOrTx, userId: string) {
  const account = await findAccount(db, userId);
  if (!account || account.closedAt) throw new AppError('not-found', m.clientNotFound);
  return account;
}

/** A client's own account: staff accounts belong to the business (their e-mail is locked, spec §5). */
async function ownClientAccount(db: DbOrTx, userId: string) {
  const account = await ownAccount(db, userId);
  if (account.role !== 'user') throw new AppError('permission-denied', m.staffAccount);
  return account;
}

async function checkPassword(passwordHash: string, password: string) {
  if (!(await verifyPassword(passwordHash, password))) {
    throw new AppError('invalid-argument', m.wrongPassword, { password: m.wrongPassword });
  }
}

/** GET /api/me/privacy: what "Mis datos personales" shows. */
export async function myPrivacy({ db, actor, now }: ActingContext): Promise<TMyPrivacy> {
  const account = await ownAccount(db, actor.id);
  const blockers = await closeBlockers(db, actor.id, now);
  return {
    remindersEnabled: account.remindersEnabled,
    consents: await consentHistory(db, actor.id),
    credits: account.credits,
    closeBlockers: [...blockers.sessions, ...blockers.payments],
  };
}

/**
 * PATCH /api/me/profile: rectification of one's own name and phone ("Editar mis datos"), recorded as the ARCO action it
 * is when something changed (issue 27: every ARCO action appears in Privacidad), in the same transaction.
 */
export async function rectifyOwnProfile(
  ctx: ActingContext,
  input: { name: string; phone: string },
): Promise<TSessionUser> {
  const { db, actor, now } = ctx;
  return db.transaction(async (tx) => {
    await lockOrdersBeforeRename(tx, actor.id, input.name);
    const before = await lockAccount(tx, actor.id);
    if (!before) throw new AppError('not-found', m.clientNotFound);
    const updated = await updateOwnProfile(tx, actor.id, input);
    const changed = [
      before.name !== updated.name ? 'su nombre' : null,
      before.phone !== updated.phone ? 'su teléfono' : null,
    ].filter((what): what is string => what !== null);
    if (changed.length > 0) {
      await logRequest(tx, now, {
        userId: actor.id,
        kind: 'rectification',
        channel: 'web',
        detail: `Corrigió ${changed.join(' y ')} desde su perfil.`,
        done: { resolution: 'Hecho en el momento.', by: actor.id },
      });
    }
    return updated;
  });
}

/** PATCH /api/me/preferences: opposition to the one voluntary purpose, the reminders (and turning them back on). */
export async function updateMyPreferences(ctx: ActingContext, input: TUpdateMyPreferencesRequest) {
  const { db, actor, now } = ctx;
  await db.transaction(async (tx) => {
    const account = await lockAccount(tx, actor.id);
    if (!account || account.remindersEnabled === input.remindersEnabled) return;
    await setRemindersEnabled(tx, actor.id, input.remindersEnabled);
    await logRequest(tx, now, {
      userId: actor.id,
      kind: 'opposition',
      channel: 'web',
      detail: input.remindersEnabled
        ? 'Volvió a activar los recordatorios desde su perfil.'
        : 'Desactivó los recordatorios desde su perfil.',
      done: { resolution: 'Hecho en el momento.', by: actor.id },
    });
  });
  return {
    remindersEnabled: input.remindersEnabled,
    message: input.remindersEnabled ? m.remindersOn : m.remindersOff,
  };
}

/**
 * POST /api/unsubscribe/reminders: a reminder's one-click unsubscribe, from a mail client or the page its link opens.
 * The token is signed for the account (no login needed); a token not signed by this server changes nothing.
 */
export async function unsubscribeReminders(ctx: RequestContext, { token }: TUnsubscribeRequest) {
  const { db, now } = ctx;
  const userId = await verifySubject(db, 'unsubscribe-reminders', token);
  const account = userId ? await findAccount(db, userId) : undefined;
  if (!account || account.suppressedAt) throw new AppError('invalid-argument', m.unsubscribeInvalid);
  await db.transaction(async (tx) => {
    const locked = await lockAccount(tx, account.id);
    if (!locked?.remindersEnabled) return;
    await setRemindersEnabled(tx, account.id, false);
    await logRequest(tx, now, {
      userId: account.id,
      kind: 'opposition',
      channel: 'email',
      detail: 'Se dio de baja de los recordatorios con el enlace de un correo.',
      done: { resolution: 'Hecho en el momento.', by: null },
    });
  });
  return { message: m.unsubscribed };
}

/** POST /api/me/email: rectification of one's own e-mail, confirmed from the new address (told to the old one). */
export async function requestEmailChange(ctx: ActingContext, input: TRequestEmailChangeRequest) {
  const { db, actor, now, notify } = ctx;
  const account = await ownClientAccount(db, actor.id);
  await checkPassword(account.passwordHash, input.password);
  const email = input.email.toLowerCase();
  if (email === account.email.toLowerCase()) {
    throw new AppError('invalid-argument', m.emailChangeSame, { email: m.emailChangeSame });
  }
  if (await findAccountByEmail(db, email))
    throw new AppError('aborted', m.emailTaken, { email: m.emailTaken });
  const token = newToken();
  const queued = await db.transaction(async (tx) => {
    await insertEmailChange(
      tx,
      {
        tokenHash: hashToken(token),
        userId: account.id,
        newEmail: email,
        expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
      },
      now,
    );
    return notify.emailChangeRequested(tx, { name: account.name, newEmail: email, token });
  });
  const delivery = await notify.sendNow(queued);
  return {
    message:
      delivery === 'off'
        ? m.emailChangeNotSent(email, await businessContact(ctx.db))
        : m.emailChangeSent(email),
  };
}

/**
 * POST /api/me/email/confirm: the new address proved itself. The e-mail changes, the old address is told, and every
 * login of the account ends (with the reset links sent to the old address).
 */
export async function confirmEmailChange(ctx: RequestContext, { token }: TConfirmEmailChangeRequest) {
  const { db, now, notify, access } = ctx;
  const newEmail = await db.transaction(async (tx) => {
    const change = await consumeEmailChange(tx, hashToken(token), now);
    const account = change && (await lockAccount(tx, change.userId));
    if (!change || !account || account.closedAt) throw new AppError('invalid-argument', m.emailChangeInvalid);
    const updated = await changeOwnEmail(tx, account.id, change.newEmail);
    if (!updated) throw new AppError('aborted', m.emailTaken);
    await notify.emailChanged(tx, { name: account.name, oldEmail: account.email, newEmail: updated.email });
    await access.endAfterEmailChange(tx, account.id, now);
    await logRequest(tx, now, {
      userId: account.id,
      kind: 'rectification',
      channel: 'web',
      detail: `Cambió su correo de ${account.email} a ${updated.email}, confirmado desde el nuevo.`,
      done: { resolution: 'Hecho en el momento; se avisó al correo anterior.', by: account.id },
    });
    return updated.email;
  });
  return { message: m.emailChanged(newEmail) };
}

/**
 * Cancellation (docs/business-rules.md D§11), for the owner or by the super admin for them: refused while sessions or
 * payments are pending (the message names them); otherwise, in one transaction under the account's row lock, its
 * credits close through the ledger, it is blocked (no login, out of every staff list and picker), its logins end,
 * its owner is told, and the request is logged. Its personal fields are suppressed after the retention period.
 */
async function closeAccount(
  ctx: RequestContext,
  target: { userId: string; actorId: string | null; request: { id: string } | { channel: 'web' } },
) {
  const { db, now, notify, access } = ctx;
  const facts = await legalFacts(db);
  return db.transaction(async (tx) => {
    const account = await lockAccount(tx, target.userId);
    if (!account || account.closedAt) throw new AppError('not-found', m.clientNotFound);
    const refusal = blockerMessage(await closeBlockers(tx, account.id, now));
    if (refusal) throw new AppError('aborted', refusal);
    const creditsClosed = await closeAllCredits(tx, {
      userId: account.id,
      actorId: target.actorId,
      referenceId: 'id' in target.request ? target.request.id : null,
    });
    await closeAccountRow(tx, account.id, now);
    await access.endLogins(tx, account.id);
    await endWaitlistOf(tx, account.id, now);
    // Its calendar address stops and WhatsApp is off (withdrawn), like every other way in to the account.
    await revokeCalendarFeedOf(tx, account.id);
    await withdrawWhatsAppOf(tx, account.id, now);
    await notify.accountClosed(tx, {
      name: account.name,
      email: account.email,
      creditsClosed,
      retentionYears: facts?.retentionYears ?? RETENTION_YEARS.default,
      privacyEmail: facts?.privacyEmail ?? null,
    });
    const resolution = `Cuenta eliminada${creditsClosed > 0 ? `; ${creditsClosed} créditos cancelados` : ''}.`;
    if ('id' in target.request) {
      await resolveRequestRow(tx, target.request.id, {
        status: 'done',
        resolution,
        resolvedBy: target.actorId,
        at: now,
      });
    } else {
      await logRequest(tx, now, {
        userId: account.id,
        kind: 'cancellation',
        channel: 'web',
        detail: 'Eliminó su cuenta desde su perfil.',
        done: { resolution, by: account.id },
      });
    }
    return { account, creditsClosed };
  });
}

/** POST /api/me/account/close: the owner, with the password again. */
export async function closeMyAccount(ctx: ActingContext, input: TCloseMyAccountRequest) {
  const account = await ownClientAccount(ctx.db, ctx.actor.id);
  await checkPassword(account.passwordHash, input.password);
  await closeAccount(ctx, { userId: account.id, actorId: account.id, request: { channel: 'web' } });
  return { message: m.accountClosed };
}

/** Everything the business holds on one person, read from the modules that own it. */
async function collectPersonalData(db: DbOrTx, userId: string, now: Date): Promise<PersonalData> {
  const account = await findAccount(db, userId);
  if (!account) throw new AppError('not-found', m.clientNotFound);
  const [
    consents,
    sessions,
    waitlist,
    orders,
    payments,
    ledger,
    creditLots,
    emails,
    privacyRequests,
    logins,
    whatsapp,
    fiscal,
  ] = await Promise.all([
    consentHistory(db, userId),
    allSessionsOf(db, userId),
    allWaitlistOf(db, userId),
    allOrdersOf(db, userId),
    checkoutsOf(db, userId),
    ledgerOf(db, userId),
    clientLots(db, userId, now).then((answer) => answer.lots),
    messagesWrittenTo(db, account.email),
    requestsOfUser(db, userId),
    loginsOf(db, userId),
    whatsappDataFor(db, userId),
    fiscalDataOf(db, userId),
  ]);
  return {
    exportedAt: now,
    profile: {
      id: account.id,
      name: account.name,
      email: account.email,
      phone: account.phone,
      credits: account.credits,
      role: account.role,
      isActive: account.isActive,
      remindersEnabled: account.remindersEnabled,
      createdAt: account.createdAt,
      closedAt: account.closedAt,
    },
    consents,
    sessions,
    waitlist,
    orders,
    payments,
    ledger,
    creditLots,
    emails,
    fiscal,
    whatsapp,
    privacyRequests,
    logins,
  };
}

export type PersonalDataExport = { fileName: string; files: ExportFile[] };

const exportName = (now: Date) => `mis-datos-sala-comun-${businessDate(now)}.zip`;

/** GET /api/me/data-export: access, for the signed-in person only (the id comes from the session). */
export async function exportMyData(ctx: ActingContext): Promise<PersonalDataExport> {
  const { db, actor, now } = ctx;
  await ownAccount(db, actor.id);
  await db.transaction((tx) =>
    logRequest(tx, now, {
      userId: actor.id,
      kind: 'access',
      channel: 'web',
      detail: 'Descargó sus datos personales desde su perfil.',
      done: { resolution: 'Entregado en el momento.', by: actor.id },
    }),
  );
  return {
    fileName: exportName(now),
    files: personalDataFiles(await collectPersonalData(db, actor.id, now)),
  };
}

// The super admin's screen: requests that arrive by e-mail or in person, carried out on the client's behalf.

export async function listPrivacyRequests(
  { db }: ActingContext,
  query: TPrivacyRequestListQuery,
): Promise<TPage<TPrivacyRequest>> {
  return toPage(await listRequests(db, query), query, toPrivacyRequest);
}

async function requestView(db: DbOrTx, id: string) {
  const row = await findRequestView(db, id);
  if (!row) throw new AppError('not-found', m.requestNotFound);
  return toPrivacyRequest(row);
}

export async function createPrivacyRequest(
  ctx: ActingContext,
  input: TCreatePrivacyRequestRequest,
): Promise<TPrivacyRequest> {
  const { db, actor, now } = ctx;
  const client = await findAccount(db, input.userId);
  if (!client) throw new AppError('not-found', m.clientNotFound, { userId: m.clientNotFound });
  const id = await db.transaction((tx) =>
    logRequest(tx, now, {
      userId: client.id,
      kind: input.kind,
      channel: input.channel,
      detail: input.detail,
      recordedBy: actor.id,
    }),
  );
  return requestView(db, id);
}

/** An open request, locked; refused when it was answered already or is of another kind than the action. */
async function openRequest(tx: DbOrTx, id: string, kind?: TPrivacyRequestKind) {
  const request = await findRequest(tx, id, { forUpdate: true });
  if (!request || (kind && request.kind !== kind)) throw new AppError('not-found', m.requestNotFound);
  if (request.status !== 'open') throw new AppError('aborted', m.requestAlreadyClosed);
  return request;
}

export async function resolvePrivacyRequest(
  ctx: ActingContext,
  { id, values }: { id: string; values: TResolvePrivacyRequestRequest },
): Promise<TPrivacyRequest> {
  const { db, actor, now } = ctx;
  await db.transaction(async (tx) => {
    const request = await openRequest(tx, id);
    await resolveRequestRow(tx, id, { ...values, resolvedBy: actor.id, at: now });
    await recordAudit(tx, ctx, [
      {
        action: 'privacy.resolve',
        entity: 'privacy_request',
        entityId: id,
        label: request.detail.slice(0, 80),
        before: { status: 'open' },
        after: { status: values.status, resolution: values.resolution },
      },
    ]);
  });
  return requestView(db, id);
}

/** Access on the client's behalf: their data, for the super admin to hand over (then the request is answered). */
export async function exportDataFor(ctx: ActingContext, { id }: { id: string }): Promise<PersonalDataExport> {
  const request = await findRequest(ctx.db, id);
  if (request?.kind !== 'access') throw new AppError('not-found', m.requestNotFound);
  return {
    fileName: exportName(ctx.now),
    files: personalDataFiles(await collectPersonalData(ctx.db, request.userId, ctx.now)),
  };
}

/** Cancellation on the client's behalf, with the same rules as their own. */
export async function closeAccountFor(ctx: ActingContext, { id }: { id: string }): Promise<TPrivacyRequest> {
  const request = await ctx.db.transaction((tx) => openRequest(tx, id, 'cancellation'));
  const { account } = await closeAccount(ctx, {
    userId: request.userId,
    actorId: ctx.actor.id,
    request: { id },
  });
  await ctx.db.transaction((tx) =>
    recordAudit(tx, ctx, [
      {
        action: 'user.close',
        entity: 'user',
        entityId: account.id,
        label: account.name,
        before: { closed: false },
        after: { closed: true },
      },
    ]),
  );
  return requestView(ctx.db, id);
}

/** Opposition on the client's behalf: the reminders off, and the request answered. */
export async function optOutFor(ctx: ActingContext, { id }: { id: string }): Promise<TPrivacyRequest> {
  const { db, actor, now } = ctx;
  await db.transaction(async (tx) => {
    const request = await openRequest(tx, id, 'opposition');
    await setRemindersEnabled(tx, request.userId, false);
    await resolveRequestRow(tx, id, {
      status: 'done',
      resolution: 'Se desactivaron sus recordatorios.',
      resolvedBy: actor.id,
      at: now,
    });
  });
  return requestView(db, id);
}

/**
 * The retention poller: closed accounts whose retention period ended have their personal fields suppressed (their
 * e-mails, pending e-mail changes and the audit log's copies of them go too). Orders, sessions and ledger rows stay
 * with their amounts, so every past corte and Σ ledger = balance still hold. Answers how many were suppressed.
 */
export async function suppressExpiredAccounts(ctx: JobContext, { batchSize = 50 } = {}): Promise<number> {
  const facts = await legalFacts(ctx.db);
  const years = facts?.retentionYears ?? RETENTION_YEARS.default;
  const cutoff = new Date(ctx.now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  let suppressed = 0;
  for (const account of await accountsToSuppress(ctx.db, cutoff, batchSize)) {
    const done = await ctx.db.transaction(async (tx) => {
      if (!(await suppressAccount(tx, account.id, ctx.now))) return false;
      await ctx.notify.forgetMessagesTo(tx, account.email);
      await forgetWhatsAppOf(tx, account.id);
      await forgetFiscalProfileOf(tx, account.id);
      await deleteEmailChangesOf(tx, account.id);
      await forgetPersonInLog(tx, account.id);
      return true;
    });
    if (done) suppressed += 1;
  }
  return suppressed;
}
