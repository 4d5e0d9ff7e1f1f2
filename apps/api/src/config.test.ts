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
