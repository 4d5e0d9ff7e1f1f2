import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WHATSAPP_LANGUAGE, WHATSAPP_TEMPLATES } from '@sala/shared/whatsapp/whatsapp.templates';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startWhatsAppStandIn,
  type WhatsAppStandIn,
  type WhatsAppStandInOptions,
  type WhatsAppWebhookPayload,
} from '../harness/whatsapp-stand-in';

/**
 * The WhatsApp Cloud API stand-in speaks Meta's protocol: plain fetch against its Graph endpoint, and a bare
 * node:http receiver standing for the app's webhook, which checks every signature over the raw bytes.
 */
const SECRET = 'wa-test-secret';
const VERIFY_TOKEN = 'mi-token-de-verificacion';
const NOW = 1_790_000_000_000;
const BASE = NOW / 1000;

type Received = { headers: IncomingHttpHeaders; raw: Buffer; payload: WhatsAppWebhookPayload };

let receiver: Server;
let webhookUrl: string;
const deliveries: Received[] = [];
let receiverAnswer = 200;

const validSignature = (raw: Buffer, header: string | string[] | undefined) => {
  const expected = Buffer.from(`sha256=${createHmac('sha256', SECRET).update(raw).digest('hex')}`);
  const given = Buffer.from(typeof header === 'string' ? header : '');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

beforeAll(async () => {
  receiver = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://receiver');
    if (request.method === 'GET') {
      const ok =
        url.searchParams.get('hub.mode') === 'subscribe' &&
        url.searchParams.get('hub.verify_token') === VERIFY_TOKEN;
      response.writeHead(ok ? 200 : 403, { 'content-type': 'text/plain' });
      return response.end(ok ? (url.searchParams.get('hub.challenge') ?? '') : 'Forbidden');
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    deliveries.push({ headers: request.headers, raw, payload: JSON.parse(raw.toString('utf8')) });
    response.writeHead(validSignature(raw, request.headers['x-hub-signature-256']) ? receiverAnswer : 401);
    response.end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/whatsapp/webhook`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});
beforeEach(() => {
  deliveries.length = 0;
  receiverAnswer = 200;
});

/** A stand-in for one test, closed when the file ends. */
const opened: WhatsAppStandIn[] = [];
async function standIn(options: WhatsAppStandInOptions = {}) {
  const started = await startWhatsAppStandIn({ webhookUrl, clock: () => NOW, ...options });
  opened.push(started);
  return started;
}
// Nothing a test queued reaches the receiver during the next one.
afterEach(async () => {
  await Promise.all(opened.map((s) => s.settled()));
});
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
});

const confirmation = WHATSAPP_TEMPLATES.reservacion_confirmada;
const templateBody = (
  to: string,
  params: string[] = confirmation.params.map((p) => p.example),
  name: string = confirmation.name,
  language: string = WHATSAPP_LANGUAGE,
) => ({
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to,
  type: 'template',
  template: {
    name,
    language: { code: language },
    components: [{ type: 'body', parameters: params.map((text) => ({ type: 'text', text })) }],
  },
});

type GraphAnswer = {
  status: number;
  headers: Headers;
  json: {
    messaging_product?: string;
    contacts?: { input: string; wa_id: string }[];
    messages?: { id: string; message_status: string }[];
    error?: {
      message: string;
      type: string;
      code: number;
      error_subcode?: number;
      error_data?: { messaging_product: string; details: string };
      fbtrace_id: string;
    };
  };
};

async function send(
  s: WhatsAppStandIn,
  body: unknown,
  init: { token?: string; path?: string } = {},
): Promise<GraphAnswer> {
  const response = await fetch(init.path ? `${s.url}${init.path}` : s.messagesUrl, {
    method: 'POST',
    headers: { authorization: `Bearer ${init.token ?? s.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    json: (await response.json()) as GraphAnswer['json'],
  };
}

const statusesOf = (received: Received[]) =>
  received.flatMap((r) => r.payload.entry[0]?.changes[0]?.value.statuses ?? []);

describe('the WhatsApp Cloud API stand-in', () => {
  it('refuses a bad token with 190, an unknown phone number id with 100, and any vN.N path version is accepted', async () => {
    const s = await standIn();
    const noToken = await send(s, templateBody('525512345678'), { token: 'otro' });
    expect(noToken.status).toBe(401);
    expect(noToken.json.error).toMatchObject({
      message: 'Invalid OAuth access token - Cannot parse access token',
      type: 'OAuthException',
      code: 190,
    });
    expect(noToken.json.error?.fbtrace_id).toMatch(/^[\w-]{10,}$/);
    expect(noToken.headers.get('www-authenticate')).toContain('invalid_token');

    const unknown = await send(s, templateBody('525512345678'), { path: '/v23.0/999/messages' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toMatchObject({ type: 'GraphMethodException', code: 100, error_subcode: 33 });
    expect(unknown.json.error?.message).toContain("Object with ID '999' does not exist");

    const badVersion = await send(s, templateBody('525512345678'), {
      path: `/latest/${s.phoneNumberId}/messages`,
    });
    expect(badVersion.status).toBe(400);

    const otherVersion = await send(s, templateBody('525512345678'), {
      path: `/v21.0/${s.phoneNumberId}/messages`,
    });
    expect(otherVersion.status).toBe(200);
    expect(s.attempts).toBe(4);
    expect(s.received).toHaveLength(1);
  });

  it("validates the body as Graph does: product, template, language, parameters' count and texts", async () => {
    const s = await standIn({ webhookUrl: null });
    const product = await send(s, { ...templateBody('525512345678'), messaging_product: 'sms' });
    expect(product.status).toBe(400);
    expect(product.json.error?.code).toBe(100);

    const unknown = await send(s, templateBody('525512345678', [], 'no_existe'));
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toMatchObject({
      message: '(#132001) Template name does not exist in the translation',
      type: 'OAuthException',
      code: 132001,
      error_data: {
        messaging_product: 'whatsapp',
        details: 'template name (no_existe) does not exist in es_MX',
      },
    });
    const english = await send(s, templateBody('525512345678', undefined, confirmation.name, 'en_US'));
    expect(english.status).toBe(404);
    expect(english.json.error?.error_data?.details).toBe(
      'template name (reservacion_confirmada) does not exist in en_US',
    );

    const fewer = await send(s, templateBody('525512345678', ['Ana', 'martes']));
    expect(fewer.status).toBe(400);
    expect(fewer.json.error).toMatchObject({
      message: '(#132000) Number of parameters does not match the expected number of params',
      code: 132000,
      error_data: {
        details: `body: number of localizable_params (2) does not match the expected number of params (${confirmation.params.length})`,
      },
    });

    const empty = await send(
      s,
      templateBody(
        '525512345678',
        confirmation.params.map((p, i) => (i === 2 ? '' : p.example)),
      ),
    );
    expect(empty.status).toBe(400);
    expect(empty.json.error?.code).toBe(131008);
    expect(s.received).toEqual([]);
    expect(s.attempts).toBe(5);
  });

  it('accepts a template (Mexican numbers answer as 521…) and posts read, sent, delivered, each signed, timed in the real order', async () => {
    const s = await standIn();
    const params = confirmation.params.map((p) => p.example);
    const first = await send(s, templateBody('525512345678', params));
    const second = await send(s, templateBody('525512345679', params));
    expect(first.status).toBe(200);
    expect(first.json).toEqual({
      messaging_product: 'whatsapp',
      contacts: [{ input: '525512345678', wa_id: '5215512345678' }],
      messages: [{ id: expect.stringMatching(/^wamid\.[A-Za-z0-9+/]+=*$/), message_status: 'accepted' }],
    });
    const wamid = first.json.messages?.[0]?.id ?? '';
    expect(second.json.messages?.[0]?.id).not.toBe(wamid);
    expect(s.received[0]).toEqual({
      wamid,
      to: '525512345678',
      waId: '5215512345678',
      type: 'template',
      template: 'reservacion_confirmada',
      language: 'es_MX',
      parameters: params,
      text: null,
      at: NOW,
    });

    await s.settled();
    expect(s.webhookResponses).toEqual([200, 200, 200, 200, 200, 200]);
    const mine = deliveries.filter((d) => statusesOf([d])[0]?.id === wamid);
    expect(mine.map((d) => statusesOf([d])[0]?.status)).toEqual(['read', 'sent', 'delivered']);
    for (const d of mine) {
      expect(d.headers['content-type']).toBe('application/json');
      expect(validSignature(d.raw, d.headers['x-hub-signature-256'])).toBe(true);
      expect(d.payload).toMatchObject({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: expect.any(String),
            changes: [
              {
                field: 'messages',
                value: { messaging_product: 'whatsapp', metadata: { phone_number_id: s.phoneNumberId } },
              },
            ],
          },
        ],
      });
    }
    const [read, sent, delivered] = statusesOf(mine);
    expect([sent?.timestamp, delivered?.timestamp, read?.timestamp]).toEqual([
      String(BASE + 1),
      String(BASE + 2),
      String(BASE + 3),
    ]);
    expect(sent).toMatchObject({
      recipient_id: '5215512345678',
      pricing: { billable: true, pricing_model: 'PMP', category: 'utility' },
      conversation: { origin: { type: 'utility' } },
    });
    expect(read?.pricing).toBeUndefined();
  });

  it('accepts a send to a number without WhatsApp, then reports it failed with 131026', async () => {
    const s = await standIn();
    s.notOnWhatsApp('525598765432');
    const chosen = await send(s, templateBody('525598765432'));
    const zeros = await send(s, templateBody('525511110000'));
    expect([chosen.status, zeros.status]).toEqual([200, 200]);
    await s.settled();
    const statuses = statusesOf(deliveries);
    expect(statuses.map((st) => [st.recipient_id, st.status])).toEqual([
      ['5215598765432', 'failed'],
      ['5215511110000', 'failed'],
    ]);
    expect(statuses[0]?.errors).toEqual([
      {
        code: 131026,
        title: 'Message undeliverable',
        message: 'Message undeliverable',
        error_data: { details: 'Message Undeliverable.' },
        href: expect.any(String),
      },
    ]);
  });

  it("can report 'sent' before 'failed', and fails a text outside the customer's 24-hour window with 131047", async () => {
    const s = await standIn({ statuses: 'in-order', undeliverableStatuses: 'sent-failed' });
    await send(s, templateBody('525511110000'));
    const text = { messaging_product: 'whatsapp', to: '525512345678', type: 'text', text: { body: 'Listo' } };
    expect((await send(s, text)).status).toBe(200);
    await s.receiveText('525512345678', 'BAJA');
    expect((await send(s, text)).status).toBe(200);
    await s.settled();
    const statuses = statusesOf(deliveries);
    expect(statuses.map((st) => [st.recipient_id, st.status, st.errors?.[0]?.code])).toEqual([
      ['5215511110000', 'sent', undefined],
      ['5215511110000', 'failed', 131026],
      ['5215512345678', 'failed', 131047],
      ['5215512345678', 'sent', undefined],
      ['5215512345678', 'delivered', undefined],
      ['5215512345678', 'read', undefined],
    ]);
    expect(statuses[3]?.pricing).toMatchObject({ billable: false, category: 'service' });
  });

  it('answers 130429 while throttled and 131000 / 131016 while down, then accepts again', async () => {
    const s = await standIn({ webhookUrl: null });
    s.rateLimitNext(2);
    s.failNext(1);
    s.failNext(1, 503);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await send(s, templateBody('525512345678')));
    expect(answers.map((a) => [a.status, a.json.error?.code])).toEqual([
      [429, 130429],
      [429, 130429],
      [500, 131000],
      [503, 131016],
      [200, undefined],
    ]);
    expect(answers[0]?.json.error).toMatchObject({
      message: '(#130429) Rate limit hit',
      type: 'OAuthException',
      error_data: {
        messaging_product: 'whatsapp',
        details: 'Cloud API message throughput has been reached.',
      },
    });
    expect(s.attempts).toBe(5);
    expect(s.received).toHaveLength(1);
    s.reset();
    expect([s.attempts, s.received.length]).toEqual([0, 0]);
  });

  it("posts in order when asked, and in 'manual' only what the test sends", async () => {
    const inOrder = await standIn({ statuses: 'in-order' });
    await send(inOrder, templateBody('525512345678'));
    await inOrder.settled();
    expect(statusesOf(deliveries).map((st) => st.status)).toEqual(['sent', 'delivered', 'read']);

    deliveries.length = 0;
    const manual = await standIn({ statuses: 'manual' });
    const accepted = await send(manual, templateBody('525512345678'));
    await manual.settled();
    expect(deliveries).toEqual([]);
    const wamid = accepted.json.messages?.[0]?.id ?? '';
    // An app that answers 5xx is asked again, as Meta retries: here five times more, then given up.
    receiverAnswer = 500;
    expect(await manual.sendStatus(wamid, 'delivered')).toBe(500);
    expect(statusesOf(deliveries)).toEqual(
      Array.from({ length: 6 }, () =>
        expect.objectContaining({ id: wamid, status: 'delivered', timestamp: String(BASE + 2) }),
      ),
    );
    expect(manual.webhookResponses).toEqual([500]);
    // A 4xx is the app's answer for good: posted once.
    deliveries.length = 0;
    receiverAnswer = 400;
    expect(await manual.sendStatus(wamid, 'read')).toBe(400);
    expect(deliveries).toHaveLength(1);
  });

  it('posts an inbound text as Meta does: escaped JSON whose raw bytes carry the signature', async () => {
    const s = await standIn();
    const { wamid, status } = await s.receiveText('525512345678', 'BAJA', 'José Ñúñez');
    expect(status).toBe(200);
    const [inbound] = deliveries;
    expect(validSignature(inbound?.raw ?? Buffer.alloc(0), inbound?.headers['x-hub-signature-256'])).toBe(
      true,
    );
    expect(inbound?.raw.toString('utf8')).toContain('Jos\\u00e9 \\u00d1\\u00fa\\u00f1ez');
    expect(inbound?.payload.entry[0]?.changes[0]?.value).toMatchObject({
      contacts: [{ profile: { name: 'José Ñúñez' }, wa_id: '5215512345678' }],
      messages: [
        { from: '5215512345678', id: wamid, timestamp: String(BASE), type: 'text', text: { body: 'BAJA' } },
      ],
    });
    // Re-serialising the parsed body does not give the signed bytes back.
    const reserialised = Buffer.from(JSON.stringify(inbound?.payload));
    expect(validSignature(reserialised, inbound?.headers['x-hub-signature-256'])).toBe(false);
  });

  it('verifies the callback URL with the hub.challenge handshake', async () => {
    const s = await standIn();
    const good = await s.verifyWebhook(VERIFY_TOKEN);
    expect(good).toEqual({ status: 200, body: good.challenge, challenge: expect.stringMatching(/^\d+$/) });
    const bad = await s.verifyWebhook('otro');
    expect(bad.status).toBe(403);
  });
});
