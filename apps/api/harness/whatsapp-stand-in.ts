import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  WHATSAPP_LANGUAGE,
  WHATSAPP_TEMPLATES,
  type WhatsAppTemplateName,
} from '@sala/shared/whatsapp/whatsapp.templates';

/**
 * A local stand-in for the part of Meta's WhatsApp Cloud API (the Graph API) the app uses: sending an approved
 * template (`POST /{version}/{phone-number-id}/messages` with a bearer token) and the `messages` webhooks that
 * follow — message statuses and a customer's text — signed as Meta signs them (`X-Hub-Signature-256`, HMAC-SHA256 of
 * the exact body bytes with the app secret). It answers as Graph does: Graph errors (`{ error: { message, type,
 * code, error_data, fbtrace_id } }`) with Meta's codes, a send to a number without WhatsApp accepted and then failed
 * by webhook (131026), statuses that arrive out of order with timestamps in the real order. The templates it knows
 * are the ones the app submits (packages/shared whatsapp.templates), in es_MX only. Tests throttle it (130429),
 * break it (131000 / 131016), choose how statuses arrive, and wait for what it posted with `settled()` — never
 * for time. Not mimicked: Meta's retries of a webhook the app did not answer with 200 (each post is made once).
 */

/** A message's status as the `statuses` webhook reports it. */
export type WhatsAppStatus = 'sent' | 'delivered' | 'read' | 'failed';

/**
 * How the statuses of an accepted message reach the webhook: 'out-of-order' (read, sent, delivered — Meta does not
 * promise order, and a read can overtake its delivery), 'in-order' (sent, delivered, read) or 'manual' (only what a
 * test posts with `sendStatus`).
 */
export type WhatsAppStatusMode = 'out-of-order' | 'in-order' | 'manual';

/** An error of a status webhook (`statuses[].errors[]`). */
export type WhatsAppWebhookError = {
  code: number;
  title: string;
  message: string;
  error_data: { details: string };
  href: string;
};

/** One entry of `statuses` in a `messages` webhook. */
export type WhatsAppStatusUpdate = {
  id: string;
  status: WhatsAppStatus;
  timestamp: string;
  recipient_id: string;
  conversation?: { id: string; expiration_timestamp?: string; origin: { type: string } };
  pricing?: { billable: boolean; pricing_model: 'PMP'; type: string; category: string };
  errors?: WhatsAppWebhookError[];
};

/** One customer message of a `messages` webhook (only text is posted here). */
export type WhatsAppInboundMessage = {
  from: string;
  id: string;
  timestamp: string;
  type: 'text';
  text: { body: string };
};

/** The body of a `messages` webhook, as Meta posts it to the app's callback URL. */
export type WhatsAppWebhookPayload = {
  object: 'whatsapp_business_account';
  entry: {
    id: string;
    changes: {
      value: {
        messaging_product: 'whatsapp';
        metadata: { display_phone_number: string; phone_number_id: string };
        contacts?: { profile: { name: string }; wa_id: string }[];
        messages?: WhatsAppInboundMessage[];
        statuses?: WhatsAppStatusUpdate[];
      };
      field: 'messages';
    }[];
  }[];
};

type WebhookValue = WhatsAppWebhookPayload['entry'][number]['changes'][number]['value'];

/** A message the stand-in accepted (answered 200 with a wamid). */
export type WhatsAppAcceptedMessage = {
  wamid: string;
  /** `to` exactly as sent. */
  to: string;
  /** The WhatsApp id the number answers to (a Mexican mobile: 521 + 10 digits). */
  waId: string;
  type: 'template' | 'text';
  /** The template's name (null for a text message). */
  template: string | null;
  language: string | null;
  /** The body parameters' texts, in order. */
  parameters: string[];
  /** A text message's body (null for a template). */
  text: string | null;
  /** The stand-in's clock (ms) when it accepted the message. */
  at: number;
};

/** A webhook request the stand-in made, with the app's answer (0: the app could not be reached). */
export type WhatsAppWebhookDelivery = {
  kind: 'status' | 'message';
  payload: WhatsAppWebhookPayload;
  /** The exact body posted (the signed bytes, as UTF-8). */
  body: string;
  signature: string;
  status: number;
};

export type WhatsAppStandInOptions = {
  /** 0 (the default): a free port. */
  port?: number;
  /** The access token the app must send as `Authorization: Bearer …` (default 'wa-test-token'). */
  token?: string;
  /** The business phone number's id, the only one `/{id}/messages` answers for (default '100200300'). */
  phoneNumberId?: string;
  /** The app secret that signs every webhook (default 'wa-test-secret'). */
  appSecret?: string;
  /** The app's callback URL; without one, nothing is posted (set it later with `setWebhookUrl`). */
  webhookUrl?: string | null;
  /** The Graph version of `messagesUrl` (default 'v23.0'); any vN.N is accepted in a request's path. */
  version?: string;
  /** How statuses are posted (default 'out-of-order'). */
  statuses?: WhatsAppStatusMode;
  /** For a number without WhatsApp: 'failed' only (the default), or 'sent' then 'failed'. */
  undeliverableStatuses?: 'failed' | 'sent-failed';
  /** Which WhatsApp ids have no WhatsApp, besides those of `notOnWhatsApp` (default: ending in 0000). */
  undeliverable?: (waId: string) => boolean;
  /** The time in ms (default Date.now): webhook timestamps are its seconds + 1 (sent), + 2 (delivered), + 3 (read). */
  clock?: () => number;
  /** The WhatsApp Business Account's id (`entry[].id`, default '102030405060708'). */
  wabaId?: string;
  /** The business number as webhooks show it (`metadata.display_phone_number`, default '525555550100'). */
  displayPhoneNumber?: string;
  /** Told of every webhook request once the app answered it (the CLI logs them). */
  onWebhook?: (delivery: WhatsAppWebhookDelivery) => void;
};

type GraphErrorBody = {
  message: string;
  type: string;
  code: number;
  error_subcode?: number;
  error_data?: { messaging_product: 'whatsapp'; details: string };
};

/** A request Graph refuses: the HTTP status and the `error` object (fbtrace_id is added when answering). */
class GraphRefusal extends Error {
  constructor(
    readonly status: number,
    readonly body: GraphErrorBody,
  ) {
    super(body.message);
  }
}

/** A WhatsApp error as Graph words it: "(#code) title", the details in error_data. */
const refusal = (status: number, code: number, title: string, details?: string) =>
  new GraphRefusal(status, {
    message: `(#${code}) ${title}`,
    type: 'OAuthException',
    code,
    ...(details === undefined ? {} : { error_data: { messaging_product: 'whatsapp' as const, details } }),
  });

const ERROR_CODES_URL = 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/';

/** The failure Meta reports by webhook for a number that has no WhatsApp (the send itself was accepted). */
/** When a webhook the app answered with 5xx is posted again (Meta's own schedule, scaled down for tests). */
const WEBHOOK_RETRY_DELAYS_MS = [50, 200, 500, 1_000, 2_000];

export const UNDELIVERABLE_ERROR: WhatsAppWebhookError = {
  code: 131026,
  title: 'Message undeliverable',
  message: 'Message undeliverable',
  error_data: { details: 'Message Undeliverable.' },
  href: ERROR_CODES_URL,
};

/** A free-form message outside the 24-hour customer service window (only templates may open a conversation). */
export const REENGAGEMENT_ERROR: WhatsAppWebhookError = {
  code: 131047,
  title: 'Re-engagement message',
  message: 'Re-engagement message',
  error_data: {
    details:
      'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
  },
  href: ERROR_CODES_URL,
};

const VERSION = /^v(\d+)\.\d+$/;
const DAY_SECONDS = 24 * 60 * 60;
/** Seconds after acceptance at which each status happens (the real order: sent, delivered, read). */
const STATUS_OFFSET: Record<WhatsAppStatus, number> = { sent: 1, delivered: 2, read: 3, failed: 2 };

/**
 * The WhatsApp id of a number: its digits; a Mexican mobile given as 52 + 10 digits answers as 521 + 10 digits
 * (the id WhatsApp kept for Mexican mobiles), which is what `contacts[].wa_id` and webhooks carry.
 */
export function whatsAppIdOf(number: string): string {
  const digits = number.replace(/\D/g, '');
  return /^52\d{10}$/.test(digits) ? `521${digits.slice(2)}` : digits;
}

/**
 * A message id shaped as Meta's: "wamid." + base64 of a small record holding the WhatsApp id, a direction flag
 * (0x11 outgoing, 0x12 incoming) and an upper-case hex id.
 */
function wamid(waId: string, direction: 'out' | 'in', serial: number): string {
  const hex =
    direction === 'out'
      ? (randomBytes(6).toString('hex') + serial.toString(16).padStart(6, '0')).toUpperCase()
      : `3A${(randomBytes(6).toString('hex') + serial.toString(16).padStart(6, '0')).toUpperCase()}`;
  const id = Buffer.from(waId, 'latin1');
  const record = Buffer.concat([
    Buffer.from([0x1c, 0x18, id.length]),
    id,
    Buffer.from([0x15, 0x02, 0x00, direction === 'out' ? 0x11 : 0x12, 0x18, hex.length]),
    Buffer.from(hex, 'latin1'),
    Buffer.from([0x00]),
  ]);
  return `wamid.${record.toString('base64')}`;
}

/** Graph's trace id of a response (what Meta's support asks for). */
const fbtraceId = () => randomBytes(17).toString('base64url');

/**
 * JSON as Meta serialises a webhook body: non-ASCII characters as \uXXXX escapes (lower-case hex) and `/` as `\/`,
 * `<`, `%`, `@` as \u003C, \u0025, \u0040 — the bytes it signs are these, so an app that re-serialises the parsed
 * body (instead of hashing the raw bytes) computes a different signature, as it would against Meta.
 */
export function metaJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u0080-\uffff/<%@]/g, (char) => {
    if (char === '/') return '\\/';
    if (char === '<') return '\\u003C';
    if (char === '%') return '\\u0025';
    if (char === '@') return '\\u0040';
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** `sha256=<hex HMAC-SHA256 of the raw body with the app secret>`, the X-Hub-Signature-256 header. */
export function signWebhook(body: string | Buffer, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isTemplateName = (name: string): name is WhatsAppTemplateName =>
  Object.hasOwn(WHATSAPP_TEMPLATES, name);

type StoredMessage = WhatsAppAcceptedMessage & {
  /** The acceptance second the status timestamps count from. */
  base: number;
  graphVersion: number;
  category: 'utility' | 'service';
  /** Why it will fail, if it will. */
  failure: WhatsAppWebhookError | null;
};

export async function startWhatsAppStandIn(options: WhatsAppStandInOptions = {}) {
  const token = options.token ?? 'wa-test-token';
  const phoneNumberId = options.phoneNumberId ?? '100200300';
  const appSecret = options.appSecret ?? 'wa-test-secret';
  const version = options.version ?? 'v23.0';
  const mode = options.statuses ?? 'out-of-order';
  const clock = options.clock ?? Date.now;
  const wabaId = options.wabaId ?? '102030405060708';
  const displayPhoneNumber = options.displayPhoneNumber ?? '525555550100';
  const undeliverableByRule = options.undeliverable ?? ((waId: string) => waId.endsWith('0000'));
  let webhookUrl = options.webhookUrl ?? null;

  const received: WhatsAppAcceptedMessage[] = [];
  const webhookResponses: number[] = [];
  const webhooks: WhatsAppWebhookDelivery[] = [];
  const messages = new Map<string, StoredMessage>();
  const notOnWhatsApp = new Set<string>();
  /** The last second each WhatsApp id wrote to the business (opens the 24-hour customer service window). */
  const lastInbound = new Map<string, number>();
  /** Answers waiting for the next sends, in order: 429 (throttled), 500 or 503 (Meta's trouble). */
  const faults: (429 | 500 | 503)[] = [];
  let attempts = 0;
  let serial = 0;
  /** Webhook posts run one after another, in the order queued: what the app receives is what a test asked for. */
  let tail: Promise<unknown> = Promise.resolve();

  const seconds = () => Math.floor(clock() / 1000);
  const isUndeliverable = (waId: string) => notOnWhatsApp.has(waId) || undeliverableByRule(waId);

  const envelope = (
    value: Pick<WebhookValue, 'contacts' | 'messages' | 'statuses'>,
  ): WhatsAppWebhookPayload => ({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: wabaId,
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: displayPhoneNumber, phone_number_id: phoneNumberId },
              ...value,
            },
            field: 'messages',
          },
        ],
      },
    ],
  });

  /**
   * Posts one webhook as Meta does: the escaped JSON, signed, with Meta's user agent. An answer of 5xx is posted
   * again, as Meta retries a webhook the app did not take (over days there; here after 50 ms, 200 ms, 500 ms, 1 s
   * and 2 s, so a test waits for it with `settled()`).
   */
  async function post(url: string, kind: WhatsAppWebhookDelivery['kind'], payload: WhatsAppWebhookPayload) {
    const body = metaJson(payload);
    const signature = signWebhook(body, appSecret);
    let status = await postOnce(url, body, signature);
    for (const delay of WEBHOOK_RETRY_DELAYS_MS) {
      if (status < 500) break;
      await new Promise((resolve) => setTimeout(resolve, delay));
      status = await postOnce(url, body, signature);
    }
    const delivery: WhatsAppWebhookDelivery = { kind, payload, body, signature, status };
    webhookResponses.push(status);
    webhooks.push(delivery);
    options.onWebhook?.(delivery);
    return status;
  }

  async function postOnce(url: string, body: string, signature: string): Promise<number> {
    let status = 0;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'facebookexternalua',
          'x-hub-signature': `sha1=${createHmac('sha1', appSecret).update(body).digest('hex')}`,
          'x-hub-signature-256': signature,
        },
        body,
      });
      await response.arrayBuffer();
      status = response.status;
    } catch {
      status = 0;
    }
    return status;
  }

  /** Queues a post after every post queued before it (and after `after`, if given); resolves with the app's answer. */
  function enqueue(
    kind: WhatsAppWebhookDelivery['kind'],
    payload: WhatsAppWebhookPayload,
    after?: Promise<unknown>,
  ): Promise<number> {
    const url = webhookUrl;
    if (!url) return Promise.reject(new Error('WhatsApp stand-in: no webhookUrl to post to'));
    const result = tail.then(() => after).then(() => post(url, kind, payload));
    tail = result.catch(() => undefined);
    return result;
  }

  /** The status entry Meta posts: pricing (and, before v24, the conversation) on sent and delivered only. */
  function statusUpdate(
    message: StoredMessage,
    status: WhatsAppStatus,
    errors?: WhatsAppWebhookError[],
  ): WhatsAppStatusUpdate {
    const update: WhatsAppStatusUpdate = {
      id: message.wamid,
      status,
      timestamp: String(message.base + STATUS_OFFSET[status]),
      recipient_id: message.waId,
    };
    if (status === 'sent' || status === 'delivered') {
      if (message.graphVersion < 24)
        update.conversation = {
          id: createHash('md5').update(`${message.waId}:${message.category}`).digest('hex'),
          ...(status === 'sent'
            ? { expiration_timestamp: String(message.base + STATUS_OFFSET.sent + DAY_SECONDS) }
            : {}),
          origin: { type: message.category },
        };
      update.pricing =
        message.category === 'utility'
          ? { billable: true, pricing_model: 'PMP', type: 'regular', category: 'utility' }
          : { billable: false, pricing_model: 'PMP', type: 'free_customer_service', category: 'service' };
    }
    if (status === 'failed') update.errors = errors ?? [message.failure ?? UNDELIVERABLE_ERROR];
    return update;
  }

  /** The statuses an accepted message goes through, in the order they are posted. */
  function automaticStatuses(message: StoredMessage): WhatsAppStatus[] {
    if (mode === 'manual') return [];
    if (message.failure)
      return message.failure === UNDELIVERABLE_ERROR && options.undeliverableStatuses === 'sent-failed'
        ? ['sent', 'failed']
        : ['failed'];
    return mode === 'in-order' ? ['sent', 'delivered', 'read'] : ['read', 'sent', 'delivered'];
  }

  /** Checks a send's body as Graph does and returns what to accept (or throws Graph's refusal). */
  function accept(body: unknown, graphVersion: number): StoredMessage {
    if (!isRecord(body))
      throw refusal(400, 100, 'Invalid parameter', 'The request body must be a JSON object');
    if (body.messaging_product === undefined)
      throw refusal(400, 100, 'The parameter messaging_product is required.');
    if (body.messaging_product !== 'whatsapp')
      throw refusal(
        400,
        100,
        `Param messaging_product must be one of {WHATSAPP} - got "${String(body.messaging_product)}".`,
      );
    if (body.recipient_type !== undefined && body.recipient_type !== 'individual')
      throw refusal(
        400,
        100,
        'Invalid parameter',
        `Param recipient_type "${String(body.recipient_type)}" is not valid`,
      );
    if (typeof body.to !== 'string' || !/\d/.test(body.to))
      throw refusal(400, 100, 'The parameter to is required.');
    const to = body.to;
    const waId = whatsAppIdOf(to);
    const at = clock();
    const base = Math.floor(at / 1000);
    const id = wamid(waId, 'out', ++serial);
    const failure = isUndeliverable(waId) ? UNDELIVERABLE_ERROR : null;

    if (body.type === 'text') {
      const text = isRecord(body.text) ? body.text.body : undefined;
      if (typeof text !== 'string' || text === '')
        throw refusal(400, 131008, 'Required parameter is missing', 'text.body');
      const opened = lastInbound.get(waId);
      const inWindow = opened !== undefined && base - opened < DAY_SECONDS;
      return {
        wamid: id,
        to,
        waId,
        type: 'text',
        template: null,
        language: null,
        parameters: [],
        text,
        at,
        base,
        graphVersion,
        category: 'service',
        failure: failure ?? (inWindow ? null : REENGAGEMENT_ERROR),
      };
    }
    if (body.type !== 'template')
      throw refusal(400, 100, 'Invalid parameter', `Param type "${String(body.type)}" is not supported here`);
    const template = body.template;
    if (!isRecord(template) || typeof template.name !== 'string' || template.name === '')
      throw refusal(400, 131008, 'Required parameter is missing', 'template.name');
    const language = isRecord(template.language) ? template.language.code : undefined;
    if (typeof language !== 'string' || language === '')
      throw refusal(400, 131008, 'Required parameter is missing', 'template.language.code');
    const name = template.name;
    if (!isTemplateName(name) || language !== WHATSAPP_LANGUAGE)
      throw refusal(
        404,
        132001,
        'Template name does not exist in the translation',
        `template name (${name}) does not exist in ${language}`,
      );

    const components = template.components ?? [];
    if (!Array.isArray(components))
      throw refusal(400, 100, 'Invalid parameter', 'Param template.components must be an array');
    const parameters: string[] = [];
    for (const component of components) {
      const kind =
        isRecord(component) && typeof component.type === 'string' ? component.type.toLowerCase() : '';
      const given = isRecord(component) && Array.isArray(component.parameters) ? component.parameters : [];
      if (kind !== 'body') {
        // The app's templates have no header or buttons: any parameter for them is one too many.
        throw refusal(
          400,
          132000,
          'Number of parameters does not match the expected number of params',
          `${kind || 'component'}: number of localizable_params (${given.length}) does not match the expected number of params (0)`,
        );
      }
      given.forEach((parameter, index) => {
        if (!isRecord(parameter) || parameter.type !== 'text' || typeof parameter.text !== 'string')
          throw refusal(
            400,
            100,
            'Invalid parameter',
            "Parameter 'text' is mandatory for component parameter type 'text'",
          );
        if (parameter.text.trim() === '')
          throw refusal(
            400,
            131008,
            'Required parameter is missing',
            'Parameter of type text is missing text value',
          );
        if (/[\n\t]| {5}/.test(parameter.text))
          throw refusal(
            400,
            graphVersion >= 23 ? 132018 : 100,
            graphVersion >= 23
              ? 'There was an issue with the parameters in your template.'
              : 'Invalid parameter',
            `body: param ${index + 1} cannot have new-line/tab characters or more than 4 consecutive spaces`,
          );
        parameters.push(parameter.text);
      });
    }
    const expected = WHATSAPP_TEMPLATES[name].params.length;
    if (parameters.length !== expected)
      throw refusal(
        400,
        132000,
        'Number of parameters does not match the expected number of params',
        `body: number of localizable_params (${parameters.length}) does not match the expected number of params (${expected})`,
      );
    return {
      wamid: id,
      to,
      waId,
      type: 'template',
      template: name,
      language,
      parameters,
      text: null,
      at,
      base,
      graphVersion,
      category: 'utility',
      failure,
    };
  }

  const answer = (
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
    response.end(JSON.stringify(body));
  };

  async function readText(request: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  function parseJson(text: string): unknown {
    if (!text) return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw refusal(400, 100, 'Invalid parameter', 'The request body is not valid JSON');
    }
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    // Not Graph: for a harness waiting for the process to listen.
    if (url.pathname === '/health') return answer(response, 200, { ok: true });
    attempts++;
    try {
      const text = await readText(request);
      // Graph checks the token before anything else.
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (bearer !== token) {
        const message = 'Invalid OAuth access token - Cannot parse access token';
        return answer(
          response,
          401,
          { error: { message, type: 'OAuthException', code: 190, fbtrace_id: fbtraceId() } },
          { 'www-authenticate': `OAuth "Facebook Platform" "invalid_token" "${message}"` },
        );
      }
      const [, versionSegment = '', objectId = '', edge, ...rest] = url.pathname.split('/');
      const graphVersion = Number(VERSION.exec(versionSegment)?.[1] ?? Number.NaN);
      if (Number.isNaN(graphVersion) || !objectId)
        throw new GraphRefusal(400, {
          message: `Unknown path components: ${url.pathname}`,
          type: 'OAuthException',
          code: 2500,
        });
      if (objectId !== phoneNumberId || edge !== 'messages' || rest.length > 0 || request.method !== 'POST')
        throw new GraphRefusal(400, {
          message: `Unsupported ${(request.method ?? 'get').toLowerCase()} request. Object with ID '${objectId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
          type: 'GraphMethodException',
          code: 100,
          error_subcode: 33,
        });
      const fault = faults.shift();
      if (fault === 429)
        throw refusal(429, 130429, 'Rate limit hit', 'Cloud API message throughput has been reached.');
      if (fault === 500) throw refusal(500, 131000, 'Something went wrong', 'Something went wrong');
      if (fault === 503) throw refusal(503, 131016, 'Service unavailable', 'Service unavailable');

      const message = accept(parseJson(text), graphVersion);
      messages.set(message.wamid, message);
      received.push({
        wamid: message.wamid,
        to: message.to,
        waId: message.waId,
        type: message.type,
        template: message.template,
        language: message.language,
        parameters: message.parameters,
        text: message.text,
        at: message.at,
      });
      // Meta posts the statuses after answering; each goes once the previous one was answered.
      if (webhookUrl) {
        const answered = new Promise<void>((resolve) => response.once('close', () => resolve()));
        for (const status of automaticStatuses(message))
          void enqueue('status', envelope({ statuses: [statusUpdate(message, status)] }), answered).catch(
            () => {},
          );
      }
      return answer(response, 200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: message.to, wa_id: message.waId }],
        messages: [{ id: message.wamid, message_status: 'accepted' }],
      });
    } catch (error) {
      if (error instanceof GraphRefusal)
        return answer(response, error.status, { error: { ...error.body, fbtrace_id: fbtraceId() } });
      return answer(response, 500, {
        error: {
          message: '(#131000) Something went wrong',
          type: 'OAuthException',
          code: 131000,
          error_data: { messaging_product: 'whatsapp', details: (error as Error).message },
          fbtrace_id: fbtraceId(),
        },
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;

  return {
    /** Stands for https://graph.facebook.com: requests go to `${url}/${version}/${phoneNumberId}/messages`. */
    url: base,
    /** The send endpoint with the default version. */
    messagesUrl: `${base}/${version}/${phoneNumberId}/messages`,
    token,
    phoneNumberId,
    appSecret,
    version,
    /** Every message accepted (200 with a wamid), in order. */
    received,
    /** Requests made to the API (every one, refused or not; /health aside). */
    get attempts() {
      return attempts;
    },
    /** The app's answer to each webhook posted, in order (0: unreachable). */
    webhookResponses,
    /** Each webhook posted: payload, exact body, signature and the app's answer. */
    webhooks,
    /** Where webhooks go from now on (null: nowhere). */
    setWebhookUrl: (url: string | null) => {
      webhookUrl = url;
    },
    /** This number has no WhatsApp: sends to it are accepted, then fail by webhook with 131026. */
    notOnWhatsApp: (number: string) => {
      notOnWhatsApp.add(whatsAppIdOf(number));
    },
    /** The next n sends answer 429 with 130429 (Cloud API throughput reached). */
    rateLimitNext: (n = 1) => {
      for (let i = 0; i < n; i++) faults.push(429);
    },
    /** The next n sends answer 500 with 131000 (something went wrong) or 503 with 131016 (service unavailable). */
    failNext: (n = 1, status: 500 | 503 = 500) => {
      for (let i = 0; i < n; i++) faults.push(status);
    },
    /**
     * Posts one status of an accepted message (in any mode; the test's way in 'manual') and resolves with the app's
     * answer. 'failed' carries the message's own failure, 131026 by default, or the errors given.
     */
    sendStatus: (id: string, status: WhatsAppStatus, errors?: WhatsAppWebhookError[]): Promise<number> => {
      const message = messages.get(id);
      if (!message) return Promise.reject(new Error(`WhatsApp stand-in: no message ${id}`));
      return enqueue('status', envelope({ statuses: [statusUpdate(message, status, errors)] }));
    },
    /**
     * A customer writes to the business (e.g. "BAJA"): posts the inbound `messages` webhook and resolves with the
     * wamid and the app's answer. It opens the 24-hour window in which text messages may be sent to that number.
     */
    receiveText: async (from: string, text: string, profileName = 'Cliente') => {
      const waId = whatsAppIdOf(from);
      const timestamp = seconds();
      const id = wamid(waId, 'in', ++serial);
      lastInbound.set(waId, timestamp);
      const status = await enqueue(
        'message',
        envelope({
          contacts: [{ profile: { name: profileName }, wa_id: waId }],
          messages: [{ from: waId, id, timestamp: String(timestamp), type: 'text', text: { body: text } }],
        }),
      );
      return { wamid: id, status };
    },
    /**
     * Meta's check of a callback URL: `GET ?hub.mode=subscribe&hub.verify_token=…&hub.challenge=…`; the app must
     * answer 200 with the challenge as the body when the token is its own.
     */
    verifyWebhook: async (verifyToken: string) => {
      if (!webhookUrl) throw new Error('WhatsApp stand-in: no webhookUrl to verify');
      const challenge = String(randomInt(100_000_000, 2_000_000_000));
      const target = new URL(webhookUrl);
      target.searchParams.set('hub.mode', 'subscribe');
      target.searchParams.set('hub.verify_token', verifyToken);
      target.searchParams.set('hub.challenge', challenge);
      const response = await fetch(target, { headers: { 'user-agent': 'facebookplatform/1.0' } });
      return { status: response.status, body: await response.text(), challenge };
    },
    /** Resolves once every webhook queued so far has been answered (or failed to reach the app). */
    settled: async (): Promise<void> => {
      await tail;
    },
    /** Forgets messages, attempts, pending faults, numbers without WhatsApp and the webhook log. */
    reset: () => {
      received.length = 0;
      webhookResponses.length = 0;
      webhooks.length = 0;
      messages.clear();
      notOnWhatsApp.clear();
      lastInbound.clear();
      faults.length = 0;
      attempts = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type WhatsAppStandIn = Awaited<ReturnType<typeof startWhatsAppStandIn>>;
