import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

describe('request logs', () => {
  it('keep no calendar token and no webhook verify token', () => {
    expect(redactUrl('/calendario/AbC_123-xyz.ics')).toBe('/calendario/[token]');
    expect(redactUrl('/calendario/AbC.ics?x=1')).toBe('/calendario/[token]?x=1');
    expect(
      redactUrl('/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=secreto&hub.challenge=9'),
    ).toBe('/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=[redacted]&hub.challenge=9');
    expect(redactUrl('/api/sessions?page=2')).toBe('/api/sessions?page=2');
  });
});
