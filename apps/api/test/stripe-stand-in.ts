import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { clabeControlDigit } from '@sala/shared/store/clabe';
import Stripe from 'stripe';

export { clabeControlDigit };

/**
 * A local stand-in for the parts of Stripe's API the store uses (PaymentIntents for cards, OXXO vouchers and SPEI
 * transfers through the customer balance, customers, cancels, refunds), answering the real `stripe` SDK as Stripe
 * does: form-encoded requests, a bearer secret key, idempotency keys replaying the first answer (and refusing
 * other parameters under the same key), JSON objects and error envelopes. Tests move an intent on as the world
 * would (the card element in the browser, a cashier at OXXO, a bank's SPEI transfer, a voucher expiring) and sign
 * webhooks with Stripe's own helper.
 *
 * Deterministic where tests compare: voucher numbers, CLABEs and references come from counters; ids are random
 * (as Stripe's are) and never compared for being different by chance.
 */
export const STRIPE_TEST_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_standin',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
  STRIPE_WEBHOOK_SECRET: 'whsec_standin',
};

type OxxoDisplayDetails = { expires_after: number; hosted_voucher_url: string; number: string };
type SpeiAddress = {
  type: 'spei';
  spei: {
    account_holder_address: Record<string, string | null>;
    account_holder_name: string;
    bank_address: Record<string, string | null>;
    bank_code: string;
    bank_name: string;
    clabe: string;
  };
  supported_networks: ['spei'];
};
type BankTransferInstructions = {
  amount_remaining: number;
  currency: string;
  financial_addresses: SpeiAddress[];
  hosted_instructions_url: string;
  reference: string;
  type: 'mx_bank_transfer';
};
type NextAction =
  | { type: 'oxxo_display_details'; oxxo_display_details: OxxoDisplayDetails }
  | {
      type: 'display_bank_transfer_instructions';
      display_bank_transfer_instructions: BankTransferInstructions;
    };

type LastPaymentError = {
  code: string;
  decline_code?: string;
  message: string;
  type: 'invalid_request_error' | 'card_error';
  doc_url?: string;
  payment_method?: { id: string; object: 'payment_method'; type: string };
};

type Intent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  allowed_payment_method_types: string[] | null;
  automatic_payment_methods: { enabled: boolean; allow_redirects?: string } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: 'automatic';
  confirmation_method: 'automatic';
  currency: string;
  customer: string | null;
  status: Stripe.PaymentIntent.Status;
  client_secret: string;
  description: string | null;
  last_payment_error: LastPaymentError | null;
  latest_charge: string | null;
  metadata: Record<string, string>;
  next_action: NextAction | null;
  payment_method: string | null;
  payment_method_options: Record<string, unknown> | null;
  payment_method_types: string[];
  created: number;
  livemode: false;
};

type Customer = {
  id: string;
  object: 'customer';
  address: null;
  balance: number;
  created: number;
  currency: string | null;
  default_source: null;
  delinquent: boolean;
  description: string | null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: {
    custom_fields: null;
    default_payment_method: null;
    footer: null;
    rendering_options: null;
  };
  livemode: false;
  metadata: Record<string, string>;
  name: string | null;
  phone: string | null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: 'none';
  test_clock: null;
};

type Logged = {
  method: string;
  path: string;
  idempotencyKey?: string;
  /** Flat, as sent: 'payment_method_data[billing_details][name]' → 'Ana'. */
  form: Record<string, string>;
};

type StripeError = {
  type: 'invalid_request_error' | 'idempotency_error' | 'api_error';
  code?: string;
  message: string;
  param?: string;
  doc_url?: string;
  payment_intent?: Intent;
};

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

/** The values of an array parameter as the SDK sends it: 'types[0]=oxxo&types[1]=card' → ['oxxo', 'card']. */
function listOf(form: Record<string, string>, name: string): string[] | null {
  const values = Object.entries(form)
    .map(([key, value]) => {
      const match = new RegExp(`^${name.replace(/[[\]]/g, '\\$&')}\\[(\\d+)\\]$`).exec(key);
      return match ? ([Number(match[1]), value] as const) : undefined;
    })
    .filter((entry) => entry !== undefined)
    .sort((a, b) => a[0] - b[0])
    .map(([, value]) => value);
  return values.length > 0 ? values : null;
}

const MEXICO_CITY = 'America/Mexico_City';

/** How far Mexico City's wall clock is from UTC at an instant, in ms (negative: behind). */
function mexicoCityOffsetMs(instant: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: MEXICO_CITY,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * Stripe's rule for `expires_after_days`: the voucher expires at 23:59:59 America/Mexico_City, that many calendar
 * days after the day it was made (Monday + 2 → Wednesday 23:59:59). Unix seconds.
 */
export function oxxoExpiresAfter(now: Date, days: number): number {
  const offset = mexicoCityOffsetMs(now.getTime());
  const local = new Date(now.getTime() + offset);
  const wall = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days, 23, 59, 59);
  let instant = wall - offset;
  for (let i = 0; i < 2; i++) instant = wall - mexicoCityOffsetMs(instant);
  return Math.floor(instant / 1000);
}

const CANCELLABLE: Stripe.PaymentIntent.Status[] = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];

/** What the stand-in answers from a route: status, body, and whether an idempotency key keeps the answer. */
type Answer = [number, unknown] | [number, unknown, { keep: false }];

const refusal = (error: StripeError, status = 400): Answer => [status, { error }, { keep: false }];
const missing = (param: string) =>
  refusal({
    type: 'invalid_request_error',
    code: 'parameter_missing',
    param,
    message: `Missing required param: ${param}.`,
  });

export async function startStripeStandIn(options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  const unixNow = () => Math.floor(now().getTime() / 1000);
  const intents = new Map<string, Intent>();
  const customers = new Map<string, Customer>();
  /** Each customer's cash balance in MXN centavos (what a transfer brought and no payment took). */
  const cashBalances = new Map<string, number>();
  /** Each customer's virtual SPEI account: one CLABE per customer, for every transfer it makes. */
  const clabes = new Map<string, string>();
  const replays = new Map<string, { status: number; body: string; sent: string }>();
  const requests: Logged[] = [];
  let failNext = 0;
  /** One-shot holds: a matching request's answer waits for the hook (what happens while it is on the wire). */
  const holds: { match: (request: Logged) => boolean; hook: () => Promise<unknown> }[] = [];
  let vouchers = 0;
  let transfers = 0;
  const stripe = new Stripe(STRIPE_TEST_KEYS.STRIPE_SECRET_KEY);

  function answer(response: ServerResponse, status: number, body: unknown) {
    const text = JSON.stringify(body);
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    response.end(text);
    return { status, body: text };
  }

  function newIntent(form: Record<string, string>, amount: number): Intent {
    const intentId = id('pi');
    return {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      allowed_payment_method_types: listOf(form, 'allowed_payment_method_types'),
      automatic_payment_methods:
        form['automatic_payment_methods[enabled]'] === 'true'
          ? {
              enabled: true,
              allow_redirects: form['automatic_payment_methods[allow_redirects]'] ?? 'always',
            }
          : null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic',
      confirmation_method: 'automatic',
      currency: form.currency ?? '',
      customer: form.customer ?? null,
      status: 'requires_payment_method',
      client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
      description: form.description ?? null,
      last_payment_error: null,
      latest_charge: null,
      metadata: metadataOf(form),
      next_action: null,
      payment_method: null,
      payment_method_options: null,
      payment_method_types: ['card'],
      created: unixNow(),
      livemode: false,
    };
  }

  /** The PaymentMethod types a request may use: what it allows (or lists), else what its data names. */
  function typesAllowed(form: Record<string, string>) {
    return listOf(form, 'allowed_payment_method_types') ?? listOf(form, 'payment_method_types');
  }

  /** OXXO, confirmed at creation: a voucher in the payer's name, valid 1–7 days (mxn, $10–$10,000). */
  function confirmOxxo(intent: Intent, form: Record<string, string>): Answer {
    if (intent.currency !== 'mxn') {
      return refusal({
        type: 'invalid_request_error',
        param: 'currency',
        message: `The currency provided (${intent.currency}) is invalid. Payments with oxxo support the following currencies: mxn.`,
      });
    }
    if (intent.amount > 1_000_000) {
      return refusal({
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: 'Amount must be no more than $10,000.00 mxn for oxxo payments.',
      });
    }
    for (const field of ['name', 'email']) {
      const param = `payment_method_data[billing_details][${field}]`;
      if (!form[param]?.trim()) return missing(param);
    }
    const daysParam = 'payment_method_options[oxxo][expires_after_days]';
    const days = form[daysParam] === undefined ? 3 : Number(form[daysParam]);
    if (!Number.isInteger(days) || days < 1 || days > 7) {
      return refusal({
        type: 'invalid_request_error',
        code: 'parameter_invalid_integer',
        param: daysParam,
        message: 'expires_after_days must be an integer between 1 and 7.',
      });
    }
    vouchers += 1;
    intent.status = 'requires_action';
    intent.payment_method = id('pm');
    intent.payment_method_types = ['oxxo'];
    intent.payment_method_options = { oxxo: { expires_after_days: days } };
    intent.next_action = {
      type: 'oxxo_display_details',
      oxxo_display_details: {
        expires_after: oxxoExpiresAfter(now(), days),
        hosted_voucher_url: `https://payments.stripe.com/oxxo/voucher/test_${intent.id.slice(3)}`,
        // OXXO's reference: 32 digits, one voucher after another.
        number: `1234567890${String(vouchers).padStart(22, '0')}`,
      },
    };
    return [200, intent];
  }

  /**
   * SPEI through the customer balance, confirmed at creation: a balance that covers the amount pays it at once
   * (`funding_type` is ignored then, as Stripe.js's confirmCustomerBalancePayment documents); otherwise the
   * customer's CLABE and a reference to transfer to.
   */
  function confirmSpei(intent: Intent, form: Record<string, string>): Answer {
    if (!intent.customer) return missing('customer');
    if (!customers.has(intent.customer)) {
      return refusal(
        {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'customer',
          message: `No such customer: '${intent.customer}'`,
        },
        404,
      );
    }
    const fundingType = form['payment_method_options[customer_balance][funding_type]'];
    const transferType = form['payment_method_options[customer_balance][bank_transfer][type]'];
    if (fundingType !== undefined && fundingType !== 'bank_transfer') {
      return refusal({
        type: 'invalid_request_error',
        param: 'payment_method_options[customer_balance][funding_type]',
        message: `Invalid funding_type: ${fundingType}.`,
      });
    }
    if (fundingType === 'bank_transfer' && transferType !== 'mx_bank_transfer') {
      return transferType === undefined
        ? missing('payment_method_options[customer_balance][bank_transfer][type]')
        : refusal({
            type: 'invalid_request_error',
            param: 'payment_method_options[customer_balance][bank_transfer][type]',
            message: `Bank transfers of type ${transferType} are not available to this account (Mexico: mx_bank_transfer).`,
          });
    }
    if (intent.currency !== 'mxn') {
      return refusal({
        type: 'invalid_request_error',
        param: 'currency',
        message: `The currency provided (${intent.currency}) is invalid. mx_bank_transfer supports the following currencies: mxn.`,
      });
    }
    intent.payment_method = id('pm');
    intent.payment_method_types = ['customer_balance'];
    intent.payment_method_options = {
      customer_balance: {
        funding_type: fundingType ?? null,
        bank_transfer: fundingType ? { type: transferType } : undefined,
      },
    };
    const balance = cashBalances.get(intent.customer) ?? 0;
    if (balance >= intent.amount) {
      cashBalances.set(intent.customer, balance - intent.amount);
      succeed(intent);
      return [200, intent];
    }
    if (!fundingType) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: 'The customer balance is not enough to pay this PaymentIntent.',
      };
      return [200, intent];
    }
    transfers += 1;
    // A balance short of the amount is applied first, as Stripe does: the transfer is what is left.
    cashBalances.set(intent.customer, 0);
    intent.status = 'requires_action';
    intent.next_action = {
      type: 'display_bank_transfer_instructions',
      display_bank_transfer_instructions: {
        amount_remaining: intent.amount - balance,
        currency: 'mxn',
        financial_addresses: [
          {
            type: 'spei',
            spei: {
              account_holder_address: {
                city: 'Ciudad de México',
                country: 'MX',
                line1: null,
                line2: null,
                postal_code: null,
                state: null,
              },
              account_holder_name: 'Sala Común',
              bank_address: {
                city: 'Ciudad de México',
                country: 'MX',
                line1: null,
                line2: null,
                postal_code: null,
                state: null,
              },
              bank_code: '646',
              bank_name: 'STP',
              clabe: clabeOf(intent.customer),
            },
            supported_networks: ['spei'],
          },
        ],
        hosted_instructions_url: `https://payments.stripe.com/bank_transfers/instructions/test_${intent.id.slice(3)}`,
        reference: String(1_000_000 + transfers),
        type: 'mx_bank_transfer',
      },
    };
    return [200, intent];
  }

  /** The customer's CLABE at STP (646), Mexico City's plaza (180), its account from a counter. */
  function clabeOf(customerId: string) {
    let clabe = clabes.get(customerId);
    if (!clabe) {
      const first17 = `646180${String(clabes.size + 1).padStart(11, '0')}`;
      clabe = `${first17}${clabeControlDigit(first17)}`;
      clabes.set(customerId, clabe);
    }
    return clabe;
  }

  /** The card each succeeded intent was paid with (its charge's payment_method_details.card.funding). */
  const fundings = new Map<string, 'credit' | 'debit'>();

  function succeed(intent: Intent, amountReceived?: number, funding: 'credit' | 'debit' = 'credit') {
    intent.status = 'succeeded';
    intent.amount_received = amountReceived ?? intent.amount;
    intent.next_action = null;
    intent.last_payment_error = null;
    intent.latest_charge ??= id('ch');
    fundings.set(intent.id, funding);
    return intent;
  }

  /** `expand[]=latest_charge`: the charge object in place of its id, with the card it was paid with. */
  const expanded = (intent: Intent, query: URLSearchParams) =>
    [...query.entries()].some(([key, value]) => key.startsWith('expand') && value === 'latest_charge') &&
    intent.latest_charge
      ? {
          ...intent,
          latest_charge: {
            id: intent.latest_charge,
            object: 'charge',
            amount: intent.amount_received,
            payment_intent: intent.id,
            payment_method_details: {
              type: 'card',
              card: { brand: 'visa', funding: fundings.get(intent.id) ?? 'credit', last4: '4242' },
            },
          },
        }
      : intent;

  function createIntent(form: Record<string, string>): Answer {
    const amount = Number(form.amount);
    if (!Number.isInteger(amount) || amount < 1000) {
      // Stripe's minimum charge in MXN is $10.00.
      return refusal({
        type: 'invalid_request_error',
        code: 'amount_too_small',
        param: 'amount',
        message: 'Amount must be at least $10.00 mxn',
      });
    }
    const intent = newIntent(form, amount);
    if (form.confirm === 'true') {
      const type = form['payment_method_data[type]'];
      if (!type) return missing('payment_method_data[type]');
      const allowed = typesAllowed(form);
      if (allowed && !allowed.includes(type)) {
        return refusal({
          type: 'invalid_request_error',
          param: 'payment_method_data[type]',
          message: `The PaymentMethod provided (${type}) is not allowed for this PaymentIntent. Allowed: ${allowed.join(', ')}.`,
        });
      }
      const confirmed =
        type === 'oxxo'
          ? confirmOxxo(intent, form)
          : type === 'customer_balance'
            ? confirmSpei(intent, form)
            : refusal({
                type: 'invalid_request_error',
                param: 'payment_method_data[type]',
                message: `The stand-in does not confirm ${type} payments at creation.`,
              });
      if (confirmed[0] === 200) intents.set(intent.id, intent);
      return confirmed;
    }
    const types = typesAllowed(form);
    if (types) intent.payment_method_types = types;
    intents.set(intent.id, intent);
    return [200, intent];
  }

  function cancelIntent(intent: Intent, form: Record<string, string>): Answer {
    if (!CANCELLABLE.includes(intent.status)) {
      return refusal({
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELLABLE.join(', ')}.`,
        doc_url: 'https://stripe.com/docs/error-codes/payment-intent-unexpected-state',
        payment_intent: intent,
      });
    }
    // A transfer's part already received goes back to the customer's cash balance.
    const instructions =
      intent.next_action?.type === 'display_bank_transfer_instructions'
        ? intent.next_action.display_bank_transfer_instructions
        : undefined;
    if (intent.customer && instructions && instructions.amount_remaining < intent.amount) {
      const received = intent.amount - instructions.amount_remaining;
      cashBalances.set(intent.customer, (cashBalances.get(intent.customer) ?? 0) + received);
    }
    intent.status = 'canceled';
    intent.canceled_at = unixNow();
    intent.cancellation_reason = form.cancellation_reason ?? null;
    intent.next_action = null;
    return [200, intent];
  }

  function createCustomer(form: Record<string, string>): Answer {
    const customer: Customer = {
      id: id('cus'),
      object: 'customer',
      address: null,
      balance: 0,
      created: unixNow(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: form.description ?? null,
      email: form.email ?? null,
      invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: metadataOf(form),
      name: form.name ?? null,
      phone: form.phone ?? null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
    customers.set(customer.id, customer);
    return [200, customer];
  }

  function cashBalanceOf(customerId: string) {
    return {
      object: 'cash_balance' as const,
      available: { mxn: cashBalances.get(customerId) ?? 0 },
      customer: customerId,
      customer_account: null,
      livemode: false as const,
      settings: { reconciliation_mode: 'automatic', using_merchant_default: true },
    };
  }

  const noSuch = (kind: string, value: string, param: string) =>
    refusal(
      {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param,
        message: `No such ${kind}: '${value}'`,
      },
      404,
    );

  function route(request: IncomingMessage, path: string, form: Record<string, string>): Answer {
    if (request.headers.authorization !== `Bearer ${STRIPE_TEST_KEYS.STRIPE_SECRET_KEY}`) {
      return refusal({ type: 'invalid_request_error', message: 'Invalid API Key provided' }, 401);
    }
    if (request.method === 'POST' && path === '/v1/payment_intents') return createIntent(form);
    if (request.method === 'POST' && path === '/v1/customers') return createCustomer(form);

    const intentMatch = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(path);
    if (intentMatch) {
      const intent = intents.get(intentMatch[1]!);
      if (!intent) return noSuch('payment_intent', intentMatch[1]!, 'intent');
      if (request.method === 'GET' && !intentMatch[2])
        return [200, expanded(intent, new URL(request.url ?? '/', 'http://stand-in').searchParams)];
      if (request.method === 'POST' && intentMatch[2]) return cancelIntent(intent, form);
    }
    const customerMatch = /^\/v1\/customers\/([^/]+)(\/cash_balance)?$/.exec(path);
    if (request.method === 'GET' && customerMatch) {
      const customer = customers.get(customerMatch[1]!);
      if (!customer) return noSuch('customer', customerMatch[1]!, 'customer');
      return [200, customerMatch[2] ? cashBalanceOf(customer.id) : customer];
    }
    if (request.method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(form.payment_intent ?? '');
      if (intent?.status !== 'succeeded') {
        return [
          400,
          {
            error: {
              type: 'invalid_request_error',
              code: 'charge_not_refundable',
              message: 'This PaymentIntent has no charge to refund.',
            },
          },
        ];
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
    return refusal(
      { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${path})` },
      404,
    );
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
      if (replay && replay.sent !== body) {
        answer(response, 400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        });
        return;
      }
      if (replay) {
        response.writeHead(replay.status, {
          'content-type': 'application/json',
          'idempotent-replayed': 'true',
        });
        response.end(replay.body);
        return;
      }
      const [status, result, keep] = route(request, path, form);
      const send = () => {
        const sent = answer(response, status, result);
        // Stripe keeps the result of a request that ran, not of one refused before it started (validation).
        if (replayKey && keep?.keep !== false) replays.set(replayKey, { ...sent, sent: body });
      };
      const held = holds.findIndex((hold) => hold.match(requests.at(-1)!));
      if (held < 0) return send();
      const [hold] = holds.splice(held, 1);
      // Done (its state changed), but its answer is still on the wire while the hook runs.
      hold!.hook().then(send, (error: unknown) => {
        console.error('stand-in hold failed', error);
        send();
      });
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

  /** A signed event delivery with this object, as Stripe sends it (the object as it is now: a snapshot). */
  function event(type: string, object: unknown, eventId = id('evt')) {
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      type,
      api_version: '2025-10-29.clover',
      created: unixNow(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
    return { payload, signature: sign(payload), eventId };
  }

  /**
   * A signed webhook delivery of an intent's event (payment_intent.succeeded, .payment_failed, .canceled,
   * .partially_funded …), with the intent as it is when this is called.
   */
  function webhook(intentId: string, type = 'payment_intent.succeeded', eventId = id('evt')) {
    return event(type, intents.get(intentId) ?? { id: intentId, object: 'payment_intent' }, eventId);
  }

  function intentOf(intentId: string) {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`stand-in: no intent ${intentId}`);
    return intent;
  }

  return {
    url,
    requests,
    intents,
    customers,
    /** What the card element does once the client's card is accepted. */
    succeed(intentId: string, amountReceived?: number, funding?: 'credit' | 'debit') {
      return succeed(intentOf(intentId), amountReceived, funding);
    },
    /** The client paid the voucher in cash at an OXXO store (Stripe confirms it, by the next business day). */
    payOxxo(intentId: string) {
      const intent = intentOf(intentId);
      if (intent.next_action?.type !== 'oxxo_display_details' || intent.status !== 'requires_action')
        throw new Error(`stand-in: ${intentId} is no open OXXO voucher (${intent.status})`);
      return succeed(intent);
    },
    /**
     * The voucher expired unpaid: as Stripe does, the intent goes back to `requires_payment_method` with the error
     * that says so (and Stripe sends payment_intent.payment_failed).
     */
    expireOxxo(intentId: string) {
      const intent = intentOf(intentId);
      if (intent.next_action?.type !== 'oxxo_display_details' || intent.status !== 'requires_action')
        throw new Error(`stand-in: ${intentId} is no open OXXO voucher (${intent.status})`);
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        code: 'payment_intent_payment_attempt_expired',
        type: 'invalid_request_error',
        message:
          'The payment method on this PaymentIntent has expired. Create a new PaymentMethod and confirm again.',
        doc_url: 'https://stripe.com/docs/error-codes/payment-intent-payment-attempt-expired',
        payment_method: { id: intent.payment_method ?? id('pm'), object: 'payment_method', type: 'oxxo' },
      };
      intent.payment_method = null;
      intent.next_action = null;
      return intent;
    },
    /**
     * A SPEI transfer of `cents` reached the customer's CLABE for this intent (its reference matched): it funds
     * what is missing (partially: `amount_remaining` goes down and the intent waits; in full: succeeded), and what
     * exceeds it stays in the customer's cash balance.
     */
    fundSpei(intentId: string, cents: number) {
      const intent = intentOf(intentId);
      if (intent.next_action?.type !== 'display_bank_transfer_instructions' || !intent.customer)
        throw new Error(`stand-in: ${intentId} awaits no transfer (${intent.status})`);
      const instructions = intent.next_action.display_bank_transfer_instructions;
      const applied = Math.min(cents, instructions.amount_remaining);
      const excess = cents - applied;
      if (excess > 0) cashBalances.set(intent.customer, (cashBalances.get(intent.customer) ?? 0) + excess);
      instructions.amount_remaining -= applied;
      if (instructions.amount_remaining === 0) succeed(intent);
      return intent;
    },
    /** A customer's cash balance now (centavos). */
    cashBalance(customerId: string) {
      return cashBalances.get(customerId) ?? 0;
    },
    /** A signed cash_balance.funds_available event: the customer's balance as it is now. */
    cashBalanceWebhook(customerId: string, eventId = id('evt')) {
      return event('cash_balance.funds_available', cashBalanceOf(customerId), eventId);
    },
    /**
     * The client's card was refused in the page (Stripe.js confirmCardPayment): the intent waits for another
     * payment method with the refusal as its last error; the client may try another card on the same intent.
     */
    declineCard(intentId: string, declineCode = 'generic_decline') {
      const intent = intentOf(intentId);
      intent.status = 'requires_payment_method';
      intent.payment_method = null;
      intent.last_payment_error = {
        type: 'card_error',
        code: 'card_declined',
        message: 'Your card was declined.',
        doc_url: 'https://stripe.com/docs/error-codes/card-declined',
        payment_method: { id: id('pm'), object: 'payment_method', type: 'card' },
        decline_code: declineCode,
      };
      return intent;
    },
    /**
     * The next request matching `match` is handled at once (its state changes) but its answer waits until `hook`
     * has run: what happens while the answer is on the wire (a webhook overtaking it).
     */
    holdAnswer(match: (request: Logged) => boolean, hook: () => Promise<unknown>) {
      holds.push({ match, hook });
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

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
