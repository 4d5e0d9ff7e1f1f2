import { describe, expect, it } from 'vitest';
import { describeSmtpUrl } from './mailer';

describe('the SMTP server in a log line', () => {
  it('keeps the scheme, host and port, never the user or password', () => {
    expect(describeSmtpUrl('smtps://usuario:secreto@smtp.example.com:465')).toBe(
      'smtps://smtp.example.com:465',
    );
    expect(describeSmtpUrl('smtp://localhost:1025')).toBe('smtp://localhost:1025');
    expect(describeSmtpUrl('smtp://mail.example.com')).toBe('smtp://mail.example.com');
  });
});
