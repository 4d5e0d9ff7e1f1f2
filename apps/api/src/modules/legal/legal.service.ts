import type { DbOrTx } from '@sala/db/client';
import type { BusinessContact } from '@sala/shared/legal/business-contact';
import type {
  TAcceptConsentsRequest,
  TLegalFacts,
  TLegalResponse,
  TSaveBusinessContactValues,
  TSaveLegalFactsRequest,
} from '@sala/shared/legal/legal.contract';
import { legalMessages as m } from '@sala/shared/legal/legal.messages';
import {
  consentNeeded,
  currentVersion,
  PRIVACY_NOTICE_VERSIONS,
  TERMS_VERSIONS,
} from '@sala/shared/legal/legal.rules';
import { isExampleFacts } from '@sala/shared/legal/legal-facts';
import type { ActingContext, RequestContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { ttlCache } from '../../lib/ttl-cache';
import { recordAudit } from '../audit/audit.service';
import {
  consentsOf,
  findContact,
  findFacts,
  insertConsents,
  saveContactRow,
  saveFactsRow,
} from './legal.repository';

export type ConsentWay = 'registration' | 'login' | 'staff';

/**
 * The facts are read by every legal page, the contact by every page (the footer): remembered a few seconds per
 * process (an edit shows within them).
 */
const factsCache = ttlCache(5_000, 4);

export function legalFacts(db: DbOrTx): Promise<TLegalFacts | null> {
  return factsCache.get(db, 'facts', async () => (await findFacts(db)) ?? null);
}

/** How clients reach the business (issue 39): the footer, the side menu, "comunícate con la recepción". */
export function businessContact(db: DbOrTx): Promise<BusinessContact> {
  return factsCache.get(db, 'contact', () => findContact(db));
}

export async function getLegal({
  db,
  paymentOptions,
}: Pick<RequestContext, 'db' | 'paymentOptions'>): Promise<TLegalResponse> {
  const [facts, contact] = await Promise.all([legalFacts(db), businessContact(db)]);
  return {
    facts,
    contact,
    onlinePayments: { methods: paymentOptions.methods, oxxoExpiresDays: paymentOptions.oxxoExpiresDays },
    isExample: facts !== null && isExampleFacts(facts),
    privacyVersion: currentVersion(PRIVACY_NOTICE_VERSIONS).version,
    termsVersion: currentVersion(TERMS_VERSIONS).version,
  };
}

export async function saveLegalFacts(
  ctx: ActingContext,
  input: TSaveLegalFactsRequest,
): Promise<TLegalResponse> {
  await ctx.db.transaction(async (tx) => {
    const before = await findFacts(tx);
    const after = await saveFactsRow(tx, input, ctx.actor.id);
    await recordAudit(tx, ctx, [
      {
        action: 'legal.update',
        entity: 'legal',
        entityId: ctx.actor.id,
        label: 'Datos legales del negocio',
        before: before ?? null,
        after,
      },
    ]);
  });
  factsCache.forget(ctx.db, () => true);
  return getLegal(ctx);
}

/** PUT /api/legal/contact: the phone, WhatsApp and social links, saved with or without the legal facts. */
export async function saveContact(
  ctx: ActingContext,
  values: TSaveBusinessContactValues,
): Promise<TLegalResponse> {
  await ctx.db.transaction(async (tx) => {
    const before = await findContact(tx);
    const after = await saveContactRow(tx, values, ctx.actor.id);
    await recordAudit(tx, ctx, [
      {
        action: 'legal.contact',
        entity: 'legal',
        entityId: ctx.actor.id,
        label: 'Teléfono y redes del negocio',
        before,
        after,
      },
    ]);
  });
  factsCache.forget(ctx.db, () => true);
  return getLegal(ctx);
}

/** The latest version of each document a person accepted (null: never). */
export async function acceptedVersions(db: DbOrTx, userId: string) {
  const rows = await consentsOf(db, userId);
  return {
    privacy: rows.find((row) => row.document === 'privacy')?.version ?? null,
    terms: rows.find((row) => row.document === 'terms')?.version ?? null,
  };
}

/** Whether the person must accept the notice or the terms again before going on (a version that asks again). */
export async function needsConsent(db: DbOrTx, userId: string): Promise<boolean> {
  const accepted = await acceptedVersions(db, userId);
  return (
    consentNeeded(PRIVACY_NOTICE_VERSIONS, accepted.privacy) || consentNeeded(TERMS_VERSIONS, accepted.terms)
  );
}

/**
 * Records that a person accepted today's notice and terms, in the caller's transaction: at registration, at the
 * desk when staff create the account (`actorId`), or when asked again at a login.
 */
export async function recordConsents(
  tx: DbOrTx,
  { userId, way, actorId = null, at }: { userId: string; way: ConsentWay; actorId?: string | null; at: Date },
) {
  const privacy = currentVersion(PRIVACY_NOTICE_VERSIONS).version;
  const terms = currentVersion(TERMS_VERSIONS).version;
  await insertConsents(tx, [
    { userId, document: 'privacy', version: privacy, way, actorId, acceptedAt: at },
    { userId, document: 'terms', version: terms, way, actorId, acceptedAt: at },
  ]);
}

/** POST /api/me/consents: the person accepts what the page showed, which must be today's versions. */
export async function acceptConsents(ctx: ActingContext, input: TAcceptConsentsRequest) {
  if (
    input.privacyVersion !== currentVersion(PRIVACY_NOTICE_VERSIONS).version ||
    input.termsVersion !== currentVersion(TERMS_VERSIONS).version
  ) {
    throw new AppError('aborted', m.consentNeeded);
  }
  await ctx.db.transaction((tx) => recordConsents(tx, { userId: ctx.actor.id, way: 'login', at: ctx.now }));
  return { message: m.consentSaved };
}

/** What "Mis datos personales" lists: each acceptance, newest first. */
export async function consentHistory(db: DbOrTx, userId: string) {
  return (await consentsOf(db, userId)).map((row) => ({ ...row, acceptedAt: row.acceptedAt.toISOString() }));
}
