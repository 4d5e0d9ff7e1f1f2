import { describe, expect, it } from 'vitest';
import { fieldMessages, freeTextField, idField, labelField, plainText } from './fields';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error!.issues[0]!.message;

describe('idField', () => {
  it('normalises a UUID to lower case', () => {
    expect(idField().parse('0199A2B3-0000-7000-8000-00000000000A')).toBe(
      '0199a2b3-0000-7000-8000-00000000000a',
    );
  });
  it.each(['', 'abc', '0199a2b3-0000-7000-8000-00000000000a\u0000', 'a'.repeat(36)])(
    'refuses %j',
    (value) => {
      expect(messageOf(idField().safeParse(value))).toBe(fieldMessages.invalidId);
    },
  );
});

describe('control characters', () => {
  it.each(['a\u0000b', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\nb', 'a\tb'])(
    'a one-line text refuses %j',
    (value) => {
      expect(messageOf(plainText('req', 100).safeParse(value))).toBe(fieldMessages.controlCharacters);
    },
  );

  it('a description keeps tabs and line breaks but refuses other control characters', () => {
    const field = freeTextField('req');
    expect(field.parse('Primera línea\n\tsegunda')).toBe('Primera línea\n\tsegunda');
    expect(messageOf(field.safeParse('con\u0000nulo'))).toBe(fieldMessages.controlCharacters);
    expect(messageOf(field.safeParse('escape\u001b[31m'))).toBe(fieldMessages.controlCharacters);
  });

  it('a label refuses them through its own pattern', () => {
    expect(labelField('req').safeParse('Sala\u0000 1').success).toBe(false);
    expect(labelField('req').parse('  Roma Norte  ')).toBe('Roma Norte');
  });
});
