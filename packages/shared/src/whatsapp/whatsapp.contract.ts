import { z } from '../common/zod';
import { pageQuery, pageResponse } from '../table/table.contract';
import { whatsappMessages as m } from './whatsapp.messages';
import { STATUS_RANK } from './whatsapp.rules';

export const WHATSAPP_STATUSES = Object.keys(STATUS_RANK) as (keyof typeof STATUS_RANK)[];

/** GET /api/me/whatsapp — the client's WhatsApp: offered at all, on or off, to which number, and how it went. */
export const ZMyWhatsApp = z.object({
  /** false when the server has no WhatsApp settings: nothing on screen offers it. */
  available: z.boolean(),
  enabled: z.boolean(),
  /** The number messages go to ("+52 55 1234 5678"): the consent's while on, the profile's phone otherwise. */
  number: z.string().nullable(),
  consentedAt: z.iso.datetime().nullable(),
  noticeVersion: z.string().nullable(),
  /** WhatsApp could not deliver to the number (not on WhatsApp): shown until the client turns it on again. */
  unreachable: z.object({ at: z.iso.datetime(), reason: z.string() }).nullable(),
});
export type TMyWhatsApp = z.infer<typeof ZMyWhatsApp>;

/** PUT /api/me/whatsapp — turning it on records the consent (date, notice version, number); off is one click. */
export const ZSetMyWhatsApp = z.object({ enabled: z.boolean({ error: m.enabledRequired }) });
export type TSetMyWhatsApp = z.infer<typeof ZSetMyWhatsApp>;

/** GET /api/whatsapp/messages — Administración → Mensajes, the WhatsApp tab (super admin). */
export const ZWhatsAppMessagesQuery = pageQuery(['createdAt'], 'createdAt').extend({
  status: z.enum(WHATSAPP_STATUSES as [string, ...string[]], { error: m.invalidStatus }).optional(),
});
export type TWhatsAppMessagesQuery = z.output<typeof ZWhatsAppMessagesQuery>;
export const ZWhatsAppMessage = z.object({
  id: z.uuid(),
  to: z.string(),
  clientName: z.string().nullable(),
  template: z.string(),
  templateTitle: z.string(),
  text: z.string(),
  status: z.enum(WHATSAPP_STATUSES as [string, ...string[]]),
  attempts: z.int().nonnegative(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.iso.datetime().nullable(),
  acceptedAt: z.iso.datetime().nullable(),
  statusAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type TWhatsAppMessage = z.infer<typeof ZWhatsAppMessage>;
export const ZWhatsAppMessagesResponse = pageResponse(ZWhatsAppMessage).extend({
  /** false when the server has no WhatsApp settings (nothing is sent or written). */
  channel: z.boolean(),
});
export type TWhatsAppMessagesResponse = z.infer<typeof ZWhatsAppMessagesResponse>;
