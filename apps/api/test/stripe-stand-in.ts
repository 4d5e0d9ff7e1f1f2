import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the parts of Stripe's API the store uses (PaymentIntents, refunds), answering the real
 * `stripe` SDK as Stripe does: form-encoded requests, a bearer secret key, idempotency keys replaying the first
 * answer, JSON objects and error envelopes. Tests move an intent to `succeeded` (what the card element does in the
 * browser) and sign webhooks with Stripe's own helper.
 */
export const STRIPE_TEST_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_standin',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
  STRIPE_WEBHOOK_SECRET: 'whsec_standin',
};

type Intent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: Stripe.PaymentIntent.Status;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
};

type Logged = { method: string; path: string; idempotencyKey?: string; form: Record<string, string> };

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** 'metadata[checkoutId]=…&amount=…' → { 'metadata[checkoutId]': '…', amount: '…' } (flat: the tests read keys). */
function readForm(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

function metadataOf(form: Record<string, string>) {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match) metadata[match[1]!] = value;
  }
  return metadata;
}

export async function startStripeStandIn() {
  const intents = new Map<string, Intent>();
  const replays = new Map<string, { status: number; body: string }>();
  const requests: Logged[] = [];
  let failNext = 0;
  const stripe = new Stripe(STRIPE_TEST_KEYS.STRIPE_SECRET_KEY);

  function answer(response: ServerResponse, status: number, body: unknown) {
    const text = JSON.stringify(body);
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    response.end(text);
    return { status, body: text };
  }

  function route(request: IncomingMessage, path: string, form: Record<string, string>): [number, unknown] {
    if (request.headers.authorization !== `Bearer ${STRIPE_TEST_KEYS.STRIPE_SECRET_KEY}`) {
      return [401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }];
    }
    if (request.method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(form.amount);
      if (!Number.isInteger(amount) || amount < 1000) {
        // Stripe's minimum charge in MXN is $10.00.
        return [400, { error: { type: 'invalid_request_error', code: 'amount_too_small', param: 'amount' } }];
      }
      const intent: Intent = {
        id: id('pi'),
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: form.currency ?? '',
        status: 'requires_payment_method',
        client_secret: '',
        description: form.description ?? null,
        metadata: metadataOf(form),
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      intent.client_secret = `${intent.id}_secret_${randomBytes(8).toString('hex')}`;
      intents.set(intent.id, intent);
      return [200, intent];
    }
    const intentMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && intentMatch) {
      const intent = intents.get(intentMatch[1]!);
      return intent
        ? [200, intent]
        : [404, { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'intent' } }];
    }
    if (request.method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(form.payment_intent ?? '');
      if (intent?.status !== 'succeeded') {
        return [400, { error: { type: 'invalid_request_error', code: 'charge_not_refundable' } }];
      }
      return [
        200,
        {
          id: id('re'),
          object: 'refund',
          amount: Number(form.amount),
          payment_intent: intent.id,
          status: 'succeeded',
        },
      ];
    }
    return [
      404,
      {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${request.method}: ${path})`,
        },
      },
    ];
  }

  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const path = (request.url ?? '/').split('?')[0]!;
      const form = readForm(body);
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      requests.push({ method: request.method ?? '', path, idempotencyKey, form });
      if (failNext > 0) {
        failNext--;
        answer(response, 400, { error: { type: 'invalid_request_error', message: 'Stand-in told to fail' } });
        return;
      }
      const replayKey = idempotencyKey && `${request.method} ${path} ${idempotencyKey}`;
      const replay = replayKey ? replays.get(replayKey) : undefined;
      if (replay) {
        response.writeHead(replay.status, {
          'content-type': 'application/json',
          'idempotent-replayed': 'true',
        });
        response.end(replay.body);
        return;
      }
      const [status, result] = route(request, path, form);
      const sent = answer(response, status, result);
      if (replayKey) replays.set(replayKey, sent);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** The Stripe-Signature header of a payload, as Stripe makes it (another secret or time for the refusal tests). */
  function sign(payload: string, signing: { secret?: string; timestamp?: number } = {}) {
    return stripe.webhooks.generateTestHeaderString({
      payload,
      secret: signing.secret ?? STRIPE_TEST_KEYS.STRIPE_WEBHOOK_SECRET,
      ...(signing.timestamp === undefined ? {} : { timestamp: signing.timestamp }),
    });
  }

  /** A signed webhook delivery of an intent's event, as Stripe sends it. */
  function webhook(intentId: string, type = 'payment_intent.succeeded', eventId = id('evt')) {
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      type,
      api_version: '2025-10-29.clover',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: intents.get(intentId) ?? { id: intentId, object: 'payment_intent' } },
    });
    return { payload, signature: sign(payload), eventId };
  }

  return {
    url,
    requests,
    intents,
    /** What the card element does once the client's card is accepted. */
    succeed(intentId: string, amountReceived?: number) {
      const intent = intents.get(intentId)!;
      intent.status = 'succeeded';
      intent.amount_received = amountReceived ?? intent.amount;
      return intent;
    },
    /** The next n requests are refused (a provider outage as the SDK sees it). */
    failNextRequests(n: number) {
      failNext = n;
    },
    webhook,
    sign,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
