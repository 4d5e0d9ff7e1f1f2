import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const trustProxyMessage =
  'TRUST_PROXY no acepta true (cualquiera podría elegir su IP con X-Forwarded-For): indica cuántos proxies hay delante (p. ej. 1) o sus direcciones (p. ej. 10.0.0.5,10.0.0.0/24).';

/** An IP address, or a CIDR block of them, as Fastify's trustProxy (proxy-addr) reads it. */
function isAddressOrBlock(value: string) {
  const [address = '', bits, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies say who the client is: `false` (none: the connection's address), a hop count (the client is that
 * many addresses back in X-Forwarded-For), or the proxies' addresses and CIDR blocks. Never `true`: trusting every
 * hop lets a client pick its own address and walk around the per-address limits of login and password reset.
 */
const trustProxyField = z
  .string()
  .default('false')
  .transform((value, ctx): false | number | string[] => {
    const text = value.trim();
    if (text === 'false') return false;
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      if (hops >= 1 && hops <= 10) return hops;
    } else {
      const addresses = text.split(',').map((part) => part.trim());
      if (text !== 'true' && addresses.every(isAddressOrBlock)) return addresses;
    }
    ctx.addIssue({ code: 'custom', message: trustProxyMessage });
    return z.NEVER;
  });

const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number({ error: 'PORT debe ser un número de puerto (1–65535).' })
      .int('PORT debe ser un número de puerto (1–65535).')
      .min(1, 'PORT debe ser un número de puerto (1–65535).')
      .max(65_535, 'PORT debe ser un número de puerto (1–65535).')
      .default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .regex(
        /^postgres(ql)?:\/\/[^\s]+$/,
        'DATABASE_URL debe ser una URL postgres://usuario@servidor:puerto/base.',
      )
      .refine((value) => URL.canParse(value), 'DATABASE_URL no es una URL válida.')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    /** Live availability (Server-Sent Events): open streams per process, and per client address. */
    LIVE_MAX_STREAMS: z.coerce
      .number()
      .int('LIVE_MAX_STREAMS debe ser un número de conexiones (1–100000).')
      .min(1, 'LIVE_MAX_STREAMS debe ser un número de conexiones (1–100000).')
      .max(100_000, 'LIVE_MAX_STREAMS debe ser un número de conexiones (1–100000).')
      .default(5_000),
    LIVE_MAX_STREAMS_PER_ADDRESS: z.coerce
      .number()
      .int('LIVE_MAX_STREAMS_PER_ADDRESS debe ser un número de conexiones (1–100000).')
      .min(1, 'LIVE_MAX_STREAMS_PER_ADDRESS debe ser un número de conexiones (1–100000).')
      .max(100_000, 'LIVE_MAX_STREAMS_PER_ADDRESS debe ser un número de conexiones (1–100000).')
      .default(20),
    DATA_DIR: z.string().min(1).default('data'),
    /** Issue 45: `required` sends a super admin without a second factor to turn it on before any staff screen. */
    STAFF_2FA: z
      .enum(['required', 'optional'], { error: 'STAFF_2FA debe ser required u optional.' })
      .optional(),
    /** Issue 45: accounts the public registration form takes from one address in an hour. */
    REGISTER_LIMIT_PER_HOUR: z.coerce
      .number({ error: 'REGISTER_LIMIT_PER_HOUR debe ser un número de registros (1–100000).' })
      .int('REGISTER_LIMIT_PER_HOUR debe ser un número de registros (1–100000).')
      .min(1, 'REGISTER_LIMIT_PER_HOUR debe ser un número de registros (1–100000).')
      .max(100_000, 'REGISTER_LIMIT_PER_HOUR debe ser un número de registros (1–100000).')
      .default(5),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PUBLIC_URL: z.url('PUBLIC_URL debe ser una URL (p. ej. https://reservas.ejemplo.mx).').optional(),
    WEB_DIST_DIR: z.string().optional(),
    SEED_DEMO: z.enum(['true', 'false']).optional(),
    TRUST_PROXY: trustProxyField,
    /** `test`: take Stripe's test cards on purpose (required to run production without Stripe keys). */
    PAYMENTS_MODE: z.enum(['stripe', 'test'], { error: 'PAYMENTS_MODE debe ser stripe o test.' }).optional(),
    /** `outbox`: keep e-mail in the outbox on purpose (required to run production without SMTP_URL). */
    MAIL_MODE: z.enum(['smtp', 'outbox'], { error: 'MAIL_MODE debe ser smtp u outbox.' }).optional(),
    ADMIN_EMAIL: z.email('ADMIN_EMAIL debe ser un correo electrónico.').optional(),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^sk_\w+$/, 'STRIPE_SECRET_KEY debe empezar con sk_.')
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_\w+$/, 'STRIPE_PUBLISHABLE_KEY debe empezar con pk_.')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w+$/, 'STRIPE_WEBHOOK_SECRET debe empezar con whsec_.')
      .optional(),
    /** Only to point the Stripe SDK at a local stand-in (tests, stripe-mock); never set in production. */
    STRIPE_API_URL: z.url('STRIPE_API_URL debe ser una URL.').optional(),
    /** Issue 24: the ways the store takes payment, in the order shown (default: card, OXXO and SPEI). */
    PAYMENT_METHODS: z
      .string()
      .default('card,oxxo,spei')
      .transform((value) => [...new Set(value.split(',').map((method) => method.trim().toLowerCase()))])
      .pipe(
        z
          .array(
            z.enum(['card', 'oxxo', 'spei'], {
              error: 'PAYMENT_METHODS debe ser una lista de card, oxxo y spei separada por comas.',
            }),
          )
          .min(1, 'PAYMENT_METHODS debe tener al menos una forma de pago.'),
      ),
    /** Days an OXXO voucher (and a SPEI transfer's wait) lasts: 1–7, Stripe's range for OXXO. */
    OXXO_EXPIRES_DAYS: z.coerce
      .number({ error: 'OXXO_EXPIRES_DAYS debe ser un número de días entre 1 y 7.' })
      .int('OXXO_EXPIRES_DAYS debe ser un número de días entre 1 y 7.')
      .min(1, 'OXXO_EXPIRES_DAYS debe ser un número de días entre 1 y 7.')
      .max(7, 'OXXO_EXPIRES_DAYS debe ser un número de días entre 1 y 7.')
      .default(3),
    /** How often each process looks for unsettled payments to ask the gateway about (reconciliation). */
    RECONCILE_POLL_MS: z.coerce
      .number({ error: 'RECONCILE_POLL_MS debe ser un número de milisegundos (100–3600000).' })
      .int('RECONCILE_POLL_MS debe ser un número de milisegundos (100–3600000).')
      .min(100, 'RECONCILE_POLL_MS debe ser un número de milisegundos (100–3600000).')
      .max(3_600_000, 'RECONCILE_POLL_MS debe ser un número de milisegundos (100–3600000).')
      .default(60_000),
    /** Issue 42: the PAC's key (Facturapi): sk_test_… stamps nothing at the SAT, sk_live_… does. */
    FACTURAPI_KEY: z
      .string()
      .regex(/^sk_(?:test|live)_\w+$/, 'FACTURAPI_KEY debe empezar con sk_test_ o sk_live_.')
      .optional(),
    /** Facturapi's base address including /v2; tests point it at a local stand-in. */
    FACTURAPI_URL: z
      .url('FACTURAPI_URL debe ser una URL (p. ej. https://www.facturapi.io/v2).')
      .default('https://www.facturapi.io/v2'),
    /** `test`: invoice with Facturapi's test key on purpose (required to run production with an sk_test_ key). */
    INVOICING_MODE: z.enum(['live', 'test'], { error: 'INVOICING_MODE debe ser live o test.' }).optional(),
    /** How often each process looks for invoices waiting for the PAC, and for closed periods without a global. */
    INVOICE_POLL_MS: z.coerce
      .number({ error: 'INVOICE_POLL_MS debe ser un número de milisegundos (100–3600000).' })
      .int('INVOICE_POLL_MS debe ser un número de milisegundos (100–3600000).')
      .min(100, 'INVOICE_POLL_MS debe ser un número de milisegundos (100–3600000).')
      .max(3_600_000, 'INVOICE_POLL_MS debe ser un número de milisegundos (100–3600000).')
      .default(30_000),
    /** WhatsApp Cloud API (issue 43): all four, or none (the channel is off and nothing offers it). */
    WHATSAPP_TOKEN: z.string().min(1).max(2000).optional(),
    WHATSAPP_PHONE_NUMBER_ID: z
      .string()
      .regex(/^\d{5,30}$/, 'WHATSAPP_PHONE_NUMBER_ID es el identificador numérico del número en Meta.')
      .optional(),
    WHATSAPP_APP_SECRET: z.string().min(1).max(500).optional(),
    WHATSAPP_VERIFY_TOKEN: z.string().min(1).max(500).optional(),
    WHATSAPP_API_URL: z
      .url('WHATSAPP_API_URL debe ser una URL (p. ej. https://graph.facebook.com).')
      .default('https://graph.facebook.com'),
    WHATSAPP_API_VERSION: z
      .string()
      .regex(/^v\d+\.\d+$/, 'WHATSAPP_API_VERSION es una versión de la Graph API, p. ej. v23.0.')
      .default('v23.0'),
    WHATSAPP_POLL_MS: z.coerce
      .number({ error: 'WHATSAPP_POLL_MS debe ser un número de milisegundos (100–600000).' })
      .int('WHATSAPP_POLL_MS debe ser un número de milisegundos (100–600000).')
      .min(100, 'WHATSAPP_POLL_MS debe ser un número de milisegundos (100–600000).')
      .max(600_000, 'WHATSAPP_POLL_MS debe ser un número de milisegundos (100–600000).')
      .default(5_000),
    MAIL_FROM: z
      .string()
      .regex(
        /^(?:[^<>]+<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/,
        'MAIL_FROM debe ser un correo, p. ej. "Sala Común <reservas@ejemplo.mx>".',
      )
      .optional(),
    SMTP_URL: z
      .string()
      .refine(
        (value) => URL.canParse(value) && ['smtp:', 'smtps:'].includes(new URL(value).protocol),
        // Never the value in the message: it may hold the SMTP password.
        'SMTP_URL debe ser una URL smtp:// o smtps:// (p. ej. smtp://localhost:1025).',
      )
      .optional(),
    MAIL_POLL_MS: z.coerce
      .number({ error: 'MAIL_POLL_MS debe ser un número de milisegundos (100–600000).' })
      .int('MAIL_POLL_MS debe ser un número de milisegundos (100–600000).')
      .min(100, 'MAIL_POLL_MS debe ser un número de milisegundos (100–600000).')
      .max(600_000, 'MAIL_POLL_MS debe ser un número de milisegundos (100–600000).')
      .default(5_000),
    MAIL_CLAIM_TIMEOUT_MS: z.coerce
      .number({ error: 'MAIL_CLAIM_TIMEOUT_MS debe ser un número de milisegundos (1000–3600000).' })
      .int('MAIL_CLAIM_TIMEOUT_MS debe ser un número de milisegundos (1000–3600000).')
      .min(1_000, 'MAIL_CLAIM_TIMEOUT_MS debe ser un número de milisegundos (1000–3600000).')
      .max(3_600_000, 'MAIL_CLAIM_TIMEOUT_MS debe ser un número de milisegundos (1000–3600000).')
      .default(120_000),
  })
  .refine(
    (env) =>
      [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET].every(
        (v) => v === undefined,
      ) ||
      [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET].every(
        (v) => v !== undefined,
      ),
    {
      message:
        'Stripe necesita las tres variables: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY y STRIPE_WEBHOOK_SECRET (o ninguna, para el modo de pruebas).',
      path: ['STRIPE_SECRET_KEY'],
    },
  )
  .superRefine((env, ctx) => {
    const production = env.NODE_ENV === 'production';
    const hasStripe = env.STRIPE_SECRET_KEY !== undefined;
    // Payments: a production server never falls back to test cards by accident.
    if (env.PAYMENTS_MODE === 'test' && hasStripe)
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS_MODE'],
        message: 'PAYMENTS_MODE=test no usa las claves de Stripe: quita PAYMENTS_MODE o las claves STRIPE_*.',
      });
    else if (!hasStripe && (env.PAYMENTS_MODE === 'stripe' || (production && env.PAYMENTS_MODE !== 'test')))
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message:
          'faltan las claves de Stripe (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY y STRIPE_WEBHOOK_SECRET); para aceptar solo tarjetas de prueba a propósito, PAYMENTS_MODE=test.',
      });
    // Invoices: a production server never hands clients test invoices by accident.
    const testKey = env.FACTURAPI_KEY?.startsWith('sk_test_') ?? false;
    if (env.INVOICING_MODE === 'test' && env.FACTURAPI_KEY?.startsWith('sk_live_'))
      ctx.addIssue({
        code: 'custom',
        path: ['INVOICING_MODE'],
        message:
          'INVOICING_MODE=test no usa una clave sk_live_: quita INVOICING_MODE o usa la clave de pruebas.',
      });
    else if (testKey && production && env.INVOICING_MODE !== 'test')
      ctx.addIssue({
        code: 'custom',
        path: ['FACTURAPI_KEY'],
        message:
          'FACTURAPI_KEY es una clave de pruebas (sk_test_): las facturas no tendrían validez ante el SAT. Usa la clave sk_live_, o INVOICING_MODE=test para facturar en modo de pruebas a propósito.',
      });
    // WhatsApp: all four settings or none; a channel that could send but not hear back (or the reverse) is refused.
    const whatsapp = {
      WHATSAPP_TOKEN: env.WHATSAPP_TOKEN,
      WHATSAPP_PHONE_NUMBER_ID: env.WHATSAPP_PHONE_NUMBER_ID,
      WHATSAPP_APP_SECRET: env.WHATSAPP_APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: env.WHATSAPP_VERIFY_TOKEN,
    };
    const missing = Object.entries(whatsapp)
      .filter(([, value]) => value === undefined)
      .map(([name]) => name);
    if (missing.length > 0 && missing.length < 4)
      ctx.addIssue({
        code: 'custom',
        path: [missing[0]!],
        message: `WhatsApp está configurado a medias: falta ${missing.join(', ')} (o quita todas las variables WHATSAPP_* para apagarlo).`,
      });
    // E-mail: a production server never keeps every message unsent by accident.
    if (env.MAIL_MODE === 'outbox' && env.SMTP_URL !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_MODE'],
        message: 'MAIL_MODE=outbox no envía correos: quita MAIL_MODE o SMTP_URL.',
      });
    else if (
      env.SMTP_URL === undefined &&
      (env.MAIL_MODE === 'smtp' || (production && env.MAIL_MODE !== 'outbox'))
    )
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message:
          'falta SMTP_URL para enviar los correos; para guardarlos sin enviar (se leen en Administración → Mensajes) a propósito, MAIL_MODE=outbox.',
      });
  })
  .transform((env) => ({
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    database: env.DATABASE_URL
      ? ({ kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE } as const)
      : ({ kind: 'pglite', dataDir: path.resolve(env.DATA_DIR) } as const),
    logLevel: env.LOG_LEVEL,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    webDistDir: env.WEB_DIST_DIR,
    /** Demo data only on the embedded database outside production, unless SEED_DEMO says otherwise. */
    seedDemo: env.NODE_ENV !== 'production' && (env.SEED_DEMO ? env.SEED_DEMO === 'true' : !env.DATABASE_URL),
    trustProxy: env.TRUST_PROXY,
    /** Issue 45: required in production unless STAFF_2FA says otherwise; optional elsewhere. */
    staffTwoFactor: (env.STAFF_2FA ?? (env.NODE_ENV === 'production' ? 'required' : 'optional')) as
      | 'required'
      | 'optional',
    registerLimitPerHour: env.REGISTER_LIMIT_PER_HOUR,
    /** How many live availability streams this process keeps open, in all and per client address. */
    live: { maxStreams: env.LIVE_MAX_STREAMS, maxStreamsPerAddress: env.LIVE_MAX_STREAMS_PER_ADDRESS },
    /** Business inbox for staff notices; without it, every active super admin gets them. */
    adminEmail: env.ADMIN_EMAIL,
    /**
     * Card payments through Stripe when its three keys are set; otherwise the built-in test gateway (outside
     * production, or in production with PAYMENTS_MODE=test).
     */
    stripe: env.STRIPE_SECRET_KEY
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          publishableKey: env.STRIPE_PUBLISHABLE_KEY!,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
          apiUrl: env.STRIPE_API_URL,
        }
      : null,
    /** What the store takes (issue 24) and how long an OXXO voucher or a SPEI transfer's wait lasts. */
    paymentMethods: env.PAYMENT_METHODS,
    oxxoExpiresDays: env.OXXO_EXPIRES_DAYS,
    reconcilePollMs: env.RECONCILE_POLL_MS,
    /** CFDI through Facturapi when FACTURAPI_KEY is set (issue 42); without it, invoicing is off. */
    invoicing: env.FACTURAPI_KEY ? { key: env.FACTURAPI_KEY, url: env.FACTURAPI_URL } : null,
    invoicePollMs: env.INVOICE_POLL_MS,
    /** WhatsApp reminders and confirmations through Meta's Cloud API when its four settings are set (issue 43). */
    whatsapp:
      env.WHATSAPP_TOKEN &&
      env.WHATSAPP_PHONE_NUMBER_ID &&
      env.WHATSAPP_APP_SECRET &&
      env.WHATSAPP_VERIFY_TOKEN
        ? {
            token: env.WHATSAPP_TOKEN,
            phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
            appSecret: env.WHATSAPP_APP_SECRET,
            verifyToken: env.WHATSAPP_VERIFY_TOKEN,
            apiUrl: env.WHATSAPP_API_URL.replace(/\/+$/, ''),
            version: env.WHATSAPP_API_VERSION,
            pollMs: env.WHATSAPP_POLL_MS,
          }
        : null,
    /** Deliver the outbox over SMTP when set; otherwise mail stays in the outbox, readable in the app. */
    smtp: env.SMTP_URL ? { url: env.SMTP_URL } : null,
    /** The outbox worker's poll and how long a claimed message is held before another process may send it. */
    mailWorker: { pollIntervalMs: env.MAIL_POLL_MS, claimTimeoutMs: env.MAIL_CLAIM_TIMEOUT_MS },
    /** The sender of every e-mail (and the organizer of the calendar invitations). */
    mailFrom: parseMailbox(
      env.MAIL_FROM ??
        `Sala Común <reservas@${new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).hostname}>`,
    ),
  }));

/** 'Sala Común <reservas@x.mx>' or 'reservas@x.mx' → name and address. */
export function parseMailbox(value: string): { name: string; email: string } {
  const match = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(value);
  return match
    ? { name: match[1] || 'Sala Común', email: match[2]! }
    : { name: 'Sala Común', email: value.trim() };
}

/**
 * Variables this version no longer reads, with what replaces them: said at every start while they are set
 * (server.ts). The footer's social links are settings since issue 39 (docs/decisions/026).
 */
const RETIRED_VARIABLES: Record<string, string> = {
  INSTAGRAM_URL: 'el enlace de Instagram se escribe en Administración → Datos legales',
  FACEBOOK_URL: 'el enlace de Facebook se escribe en Administración → Datos legales',
};

export type AppConfig = z.output<typeof ZEnv> & {
  /** 'INSTAGRAM_URL ya no se usa: …' for each retired variable still set. */
  retiredVariables: string[];
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment once at boot; a bad value stops the process with one clear line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = ZEnv.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ConfigError(`Configuración inválida: ${String(issue.path[0] ?? '')}: ${issue.message}`);
  }
  const retiredVariables = Object.entries(RETIRED_VARIABLES)
    .filter(([name]) => cleaned[name] !== undefined)
    .map(([name, instead]) => `${name} ya no se usa: ${instead}. Quita la variable.`);
  return { ...result.data, retiredVariables };
}
