import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('the mail configuration', () => {
  it('sends over SMTP only with SMTP_URL, and tunes the worker', () => {
    expect(loadConfig({}).smtp).toBeNull();
    expect(loadConfig({}).mailWorker).toEqual({ pollIntervalMs: 5_000, claimTimeoutMs: 120_000 });
    const config = loadConfig({
      SMTP_URL: 'smtps://usuario:secreto@smtp.example.com:465',
      MAIL_POLL_MS: '250',
      MAIL_CLAIM_TIMEOUT_MS: '3000',
    });
    expect(config.smtp).toEqual({ url: 'smtps://usuario:secreto@smtp.example.com:465' });
    expect(config.mailWorker).toEqual({ pollIntervalMs: 250, claimTimeoutMs: 3_000 });
  });

  it.each([
    ['SMTP_URL', 'http://usuario:secreto@mail.example.com'],
    ['SMTP_URL', 'no es una url secreto'],
    ['MAIL_POLL_MS', '10'],
    ['MAIL_CLAIM_TIMEOUT_MS', 'abc'],
  ])('refuses %s=%s with one line that never repeats the value', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(new RegExp(`^Configuración inválida: ${name}: ${name} debe`));
    expect((error as Error).message).not.toContain('secreto');
  });
});

describe('a bad setting (the server process prints the message as its one line and exits 1)', () => {
  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://localhost/x' }, /DATABASE_URL/],
    // Stripe takes all three keys or none (the test gateway).
    [{ STRIPE_SECRET_KEY: 'sk_test_x' }, /STRIPE_SECRET_KEY.*las tres variables/],
    [{ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' }, /las tres variables/],
    [
      {
        STRIPE_SECRET_KEY: 'pk_test_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      },
      /STRIPE_SECRET_KEY debe empezar con sk_/,
    ],
  ])('refuses %o in one line', (env, pattern) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/^Configuración inválida: /);
    expect((error as Error).message).toMatch(pattern);
    expect((error as Error).message).not.toContain('\n');
  });
});

describe('the proxy in front (TRUST_PROXY)', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.5, 10.0.0.0/24', ['10.0.0.5', '10.0.0.0/24']],
    ['::1,fd00::/8', ['::1', 'fd00::/8']],
  ])('reads %s as %o', (value, trustProxy) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(trustProxy);
  });

  it.each(['true', 'TRUE', '0', '11', '-1', '10.0.0.300', '10.0.0.0/33', 'proxy.interno', '10.0.0.0/8/1'])(
    'refuses %s with the way to say it',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /^Configuración inválida: TRUST_PROXY: .*cuántos proxies hay delante \(p\. ej\. 1\) o sus direcciones/,
      );
    },
  );
});

describe('payments and e-mail in production', () => {
  const stripeKeys = {
    STRIPE_SECRET_KEY: 'sk_live_x',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
  };
  const smtp = { SMTP_URL: 'smtp://localhost:1025' };
  const production = { NODE_ENV: 'production' };

  it('runs with Stripe keys and SMTP, or with test cards and the outbox only when told to', () => {
    expect(loadConfig({ ...production, ...stripeKeys, ...smtp }).stripe).not.toBeNull();
    const onPurpose = loadConfig({ ...production, PAYMENTS_MODE: 'test', MAIL_MODE: 'outbox' });
    expect(onPurpose.stripe).toBeNull();
    expect(onPurpose.smtp).toBeNull();
    // Outside production the defaults stay: test cards and the outbox without any setting.
    expect(loadConfig({}).stripe).toBeNull();
  });

  it('has WhatsApp with its four settings, and refuses half of them in one line saying what is missing (issue 43)', () => {
    const base = { ...production, ...stripeKeys, ...smtp };
    const whatsapp = {
      WHATSAPP_TOKEN: 'EAAG-token',
      WHATSAPP_PHONE_NUMBER_ID: '100200300',
      WHATSAPP_APP_SECRET: 'secreto',
      WHATSAPP_VERIFY_TOKEN: 'verificar',
    };
    expect(loadConfig(base).whatsapp).toBeNull();
    expect(loadConfig({ ...base, ...whatsapp }).whatsapp).toMatchObject({
      phoneNumberId: '100200300',
      apiUrl: 'https://graph.facebook.com',
      version: 'v23.0',
    });
    let error: unknown;
    try {
      loadConfig({ ...base, WHATSAPP_TOKEN: 'EAAG-token', WHATSAPP_PHONE_NUMBER_ID: '100200300' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toBe(
      'Configuración inválida: WHATSAPP_APP_SECRET: WhatsApp está configurado a medias: falta WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN (o quita todas las variables WHATSAPP_* para apagarlo).',
    );
    // Never a secret's value in the message.
    expect(message).not.toContain('EAAG-token');
  });

  it('invoices with a live key, or with a test key in production only when told to (issue 42)', () => {
    const base = { ...production, ...stripeKeys, ...smtp };
    expect(loadConfig({ ...base, FACTURAPI_KEY: 'sk_live_x' }).invoicing).toEqual({
      key: 'sk_live_x',
      url: 'https://www.facturapi.io/v2',
    });
    expect(loadConfig({ ...base, FACTURAPI_KEY: 'sk_test_x', INVOICING_MODE: 'test' }).invoicing?.key).toBe(
      'sk_test_x',
    );
    // Without a key invoicing is off; outside production a test key needs nothing else.
    expect(loadConfig(base).invoicing).toBeNull();
    expect(
      loadConfig({ FACTURAPI_KEY: 'sk_test_x', FACTURAPI_URL: 'http://127.0.0.1:4010/v2' }).invoicing?.url,
    ).toBe('http://127.0.0.1:4010/v2');
  });

  it.each([
    [{ ...production, ...smtp }, /^Configuración inválida: STRIPE_SECRET_KEY: faltan las claves de Stripe/],
    [{ ...production, ...stripeKeys }, /^Configuración inválida: SMTP_URL: falta SMTP_URL/],
    [{ PAYMENTS_MODE: 'stripe' }, /STRIPE_SECRET_KEY: faltan las claves de Stripe/],
    [{ MAIL_MODE: 'smtp' }, /SMTP_URL: falta SMTP_URL/],
    [{ ...stripeKeys, PAYMENTS_MODE: 'test' }, /PAYMENTS_MODE: PAYMENTS_MODE=test no usa las claves/],
    [{ ...smtp, MAIL_MODE: 'outbox' }, /MAIL_MODE: MAIL_MODE=outbox no envía correos/],
    [{ PAYMENTS_MODE: 'tarjetas' }, /PAYMENTS_MODE debe ser stripe o test/],
    [
      { PAYMENT_METHODS: 'card,paypal' },
      /PAYMENT_METHODS: PAYMENT_METHODS debe ser una lista de card, oxxo y spei/,
    ],
    [{ PAYMENT_METHODS: ' , ' }, /PAYMENT_METHODS/],
    [
      { OXXO_EXPIRES_DAYS: '8' },
      /OXXO_EXPIRES_DAYS: OXXO_EXPIRES_DAYS debe ser un número de días entre 1 y 7/,
    ],
    [{ OXXO_EXPIRES_DAYS: '0' }, /OXXO_EXPIRES_DAYS debe ser un número de días entre 1 y 7/],
    [{ OXXO_EXPIRES_DAYS: '2.5' }, /OXXO_EXPIRES_DAYS debe ser un número de días entre 1 y 7/],
    [
      { ...production, ...stripeKeys, ...smtp, FACTURAPI_KEY: 'sk_test_x' },
      /^Configuración inválida: FACTURAPI_KEY: FACTURAPI_KEY es una clave de pruebas/,
    ],
    [
      { FACTURAPI_KEY: 'sk_live_x', INVOICING_MODE: 'test' },
      /INVOICING_MODE: INVOICING_MODE=test no usa una clave sk_live_/,
    ],
    [{ FACTURAPI_KEY: 'pk_x' }, /FACTURAPI_KEY debe empezar con sk_test_ o sk_live_/],
    [{ INVOICING_MODE: 'pruebas' }, /INVOICING_MODE debe ser live o test/],
  ])('refuses %o with one line naming the setting', (env, pattern) => {
    expect(() => loadConfig(env)).toThrow(pattern);
  });

  it('takes every payment method by default, or the ones PAYMENT_METHODS lists, in its order', () => {
    expect(loadConfig({})).toMatchObject({ paymentMethods: ['card', 'oxxo', 'spei'], oxxoExpiresDays: 3 });
    expect(loadConfig({ PAYMENT_METHODS: 'SPEI, card, spei', OXXO_EXPIRES_DAYS: '7' })).toMatchObject({
      paymentMethods: ['spei', 'card'],
      oxxoExpiresDays: 7,
    });
  });
});
