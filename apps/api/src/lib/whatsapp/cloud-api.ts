import { WHATSAPP_LANGUAGE, type WhatsAppTemplateName } from '@sala/shared/whatsapp/whatsapp.templates';

/**
 * The WhatsApp port (issue 43): Meta's Cloud API (Graph API) `POST /{version}/{phone-number-id}/messages` with a
 * template message, over fetch. Meta's own Node SDK is archived, and this is one JSON request, so it is written
 * here; tests point WHATSAPP_API_URL at the stand-in (harness/whatsapp-stand-in.ts), which answers as Meta does.
 */
export type WhatsAppSettings = {
  token: string;
  phoneNumberId: string;
  apiUrl: string;
  version: string;
};

export type TemplateMessage = { to: string; template: WhatsAppTemplateName; params: readonly string[] };

/** Accepted (WhatsApp's id for it), or refused with Meta's error: its HTTP status, code and words. */
export type SendResult =
  | { ok: true; wamid: string }
  | { ok: false; httpStatus: number; code: number | null; message: string };

export type WhatsAppSender = { send(message: TemplateMessage): Promise<SendResult> };

type GraphError = { error?: { message?: string; code?: number; error_data?: { details?: string } } };

/** Meta's error as one line for the staff: "(#132001) Template name does not exist… — details". */
function describe(body: GraphError, httpStatus: number): { code: number | null; message: string } {
  const error = body.error;
  if (!error) return { code: null, message: `HTTP ${httpStatus}` };
  const details = error.error_data?.details;
  return {
    code: typeof error.code === 'number' ? error.code : null,
    message: [error.message ?? `HTTP ${httpStatus}`, details && details !== error.message ? details : null]
      .filter(Boolean)
      .join(' — ')
      .slice(0, 500),
  };
}

export function createWhatsAppSender(
  settings: WhatsAppSettings,
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
): WhatsAppSender {
  const doFetch = options.fetch ?? fetch;
  const url = `${settings.apiUrl}/${settings.version}/${settings.phoneNumberId}/messages`;
  return {
    async send(message) {
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${settings.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to: message.to,
            type: 'template',
            template: {
              name: message.template,
              language: { code: WHATSAPP_LANGUAGE },
              components: [
                { type: 'body', parameters: message.params.map((text) => ({ type: 'text', text })) },
              ],
            },
          }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (error) {
        // No answer at all (network, timeout): like a 503, tried again later.
        return {
          ok: false,
          httpStatus: 503,
          code: null,
          message: `Sin respuesta de WhatsApp: ${(error as Error).message}`,
        };
      }
      const body = (await response.json().catch(() => ({}))) as GraphError & {
        messages?: { id?: string }[];
      };
      const wamid = body.messages?.[0]?.id;
      if (response.ok && wamid) return { ok: true, wamid };
      return {
        ok: false,
        httpStatus: response.ok ? 502 : response.status,
        ...describe(body, response.status),
      };
    },
  };
}
