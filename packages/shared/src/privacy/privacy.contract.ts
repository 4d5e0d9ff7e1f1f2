import { emailField } from '../auth/auth.fields';
import { freeTextField, idField, plainText } from '../common/fields';
import { z } from '../common/zod';
import { pageQuery, pageResponse } from '../table/table.contract';
import { privacyMessages as m } from './privacy.messages';

export const privacyRequestKinds = ['access', 'rectification', 'cancellation', 'opposition'] as const;
export const privacyRequestChannels = ['web', 'email', 'in_person'] as const;
export const privacyRequestStatuses = ['open', 'done', 'refused'] as const;
export type TPrivacyRequestKind = (typeof privacyRequestKinds)[number];

/** The ARCO rights, as the staff list and the notice name them. */
export const privacyKindLabels: Record<TPrivacyRequestKind, string> = {
  access: 'Acceso',
  rectification: 'Rectificación',
  cancellation: 'Cancelación',
  opposition: 'Oposición',
};
export const privacyChannelLabels: Record<(typeof privacyRequestChannels)[number], string> = {
  web: 'En línea (Mi perfil)',
  email: 'Correo electrónico',
  in_person: 'En persona',
};
export const privacyStatusLabels: Record<(typeof privacyRequestStatuses)[number], string> = {
  open: 'Pendiente',
  done: 'Atendida',
  refused: 'Negada',
};

/** One ARCO request or action, as the super admin's list shows it. */
export const ZPrivacyRequest = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  userName: z.string(),
  userEmail: z.string(),
  /** The account was closed (its data blocked) or, later, suppressed. */
  userClosed: z.boolean(),
  kind: z.enum(privacyRequestKinds),
  channel: z.enum(privacyRequestChannels),
  status: z.enum(privacyRequestStatuses),
  receivedAt: z.iso.datetime(),
  /** The 20th business day after it was received. */
  dueOn: z.string(),
  detail: z.string(),
  resolution: z.string().nullable(),
  recordedByName: z.string().nullable(),
  resolvedByName: z.string().nullable(),
  resolvedAt: z.iso.datetime().nullable(),
});
export type TPrivacyRequest = z.infer<typeof ZPrivacyRequest>;

/** GET /api/privacy/requests (super admin). */
export const privacyRequestSortable = ['receivedAt', 'dueOn', 'userName', 'kind', 'status'] as const;
export const ZPrivacyRequestListQuery = pageQuery(privacyRequestSortable, 'receivedAt').extend({
  status: z.enum(privacyRequestStatuses).optional(),
  kind: z.enum(privacyRequestKinds).optional(),
  dir: z.enum(['asc', 'desc']).default('desc'),
});
export type TPrivacyRequestListQuery = z.output<typeof ZPrivacyRequestListQuery>;
export const ZPrivacyRequestListResponse = pageResponse(ZPrivacyRequest);

/** POST /api/privacy/requests — a request that came by e-mail or in person, logged by the super admin. */
export const ZCreatePrivacyRequestRequest = z.object({
  userId: idField(m.clientNotFound),
  kind: z.enum(privacyRequestKinds, { error: m.allFieldsRequired }),
  channel: z.enum(['email', 'in_person'], { error: m.allFieldsRequired }),
  detail: freeTextField(m.allFieldsRequired, 1000),
});
export type TCreatePrivacyRequestRequest = z.input<typeof ZCreatePrivacyRequestRequest>;

/** POST /api/privacy/requests/:id/resolve — answered (done) or refused, with what was answered. */
export const ZResolvePrivacyRequestRequest = z.object({
  status: z.enum(['done', 'refused'], { error: m.allFieldsRequired }),
  resolution: freeTextField(m.allFieldsRequired, 1000),
});
export type TResolvePrivacyRequestRequest = z.input<typeof ZResolvePrivacyRequestRequest>;

/** A password typed again to confirm who acts (closing one's account, changing one's e-mail). */
const passwordAgain = () => plainText(m.allFieldsRequired, 128).min(1, m.allFieldsRequired);

/** GET /api/me/privacy — what "Mis datos personales" shows. */
export const ZMyPrivacy = z.object({
  remindersEnabled: z.boolean(),
  consents: z.array(
    z.object({
      document: z.enum(['privacy', 'terms']),
      version: z.string(),
      acceptedAt: z.iso.datetime(),
      way: z.enum(['registration', 'login', 'staff']),
    }),
  ),
  /** The credits a closed account gives up (closed through the ledger). */
  credits: z.int(),
  /** Why the account cannot be closed now (upcoming sessions, payments in progress), in words; empty: it can. */
  closeBlockers: z.array(z.string()),
});
export type TMyPrivacy = z.infer<typeof ZMyPrivacy>;

/** PATCH /api/me/preferences — opposition: the reminders are a voluntary purpose. */
export const ZUpdateMyPreferencesRequest = z.object({
  remindersEnabled: z.boolean({ error: m.allFieldsRequired }),
});
export type TUpdateMyPreferencesRequest = z.input<typeof ZUpdateMyPreferencesRequest>;

/** POST /api/me/email — rectification of one's own e-mail, confirmed from the new address. */
export const ZRequestEmailChangeRequest = z.object({
  email: emailField(m.allFieldsRequired, 'Escribe un correo válido.'),
  password: passwordAgain(),
});
export type TRequestEmailChangeRequest = z.input<typeof ZRequestEmailChangeRequest>;

/** POST /api/me/email/confirm — the link's token; no session needed (the link may open on another device). */
export const ZConfirmEmailChangeRequest = z.object({
  token: z.string({ error: m.emailChangeInvalid }).regex(/^[A-Za-z0-9_-]{20,200}$/, m.emailChangeInvalid),
});
export type TConfirmEmailChangeRequest = z.input<typeof ZConfirmEmailChangeRequest>;

/** POST /api/me/account/close — cancellation, with the password again. */
export const ZCloseMyAccountRequest = z.object({ password: passwordAgain() });
export type TCloseMyAccountRequest = z.input<typeof ZCloseMyAccountRequest>;

/** POST /api/unsubscribe/reminders — a reminder's one-click unsubscribe: the signed token, no session. */
export const ZUnsubscribeRequest = z.object({
  token: z.string({ error: m.unsubscribeInvalid }).regex(/^[A-Za-z0-9_.-]{20,300}$/, m.unsubscribeInvalid),
});
export type TUnsubscribeRequest = z.input<typeof ZUnsubscribeRequest>;
