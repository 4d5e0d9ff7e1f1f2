import { describe, expect, it } from 'vitest';
import {
  fieldMessages,
  freeTextField,
  httpUrlField,
  idField,
  labelField,
  optionalText,
  plainText,
  requiredText,
} from './fields';

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

describe('too long', () => {
  it('says how long the text may be (issue 39: the bare "too long" named no limit)', () => {
    const message = 'El texto es demasiado largo: máximo 80 caracteres.';
    expect(messageOf(labelField('req').safeParse('a'.repeat(81)))).toBe(message);
    expect(messageOf(plainText('req', 80).safeParse('a'.repeat(81)))).toBe(message);
    expect(messageOf(freeTextField('req', 500).safeParse('a'.repeat(501)))).toBe(
      'El texto es demasiado largo: máximo 500 caracteres.',
    );
    expect(messageOf(httpUrlField(undefined, 30).safeParse(`https://${'a'.repeat(30)}.mx`))).toBe(
      'El texto es demasiado largo: máximo 30 caracteres.',
    );
  });
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

describe('text that is not well-formed Unicode', () => {
  // A lone half of a surrogate pair: JSON can carry one ("\ud800"), UTF-8 cannot store it (it became U+FFFD).
  const lone = ['\ud800', 'a\udfffb', 'fin\ud83d', '\ude00inicio'];
  const fields = [
    ['plainText', plainText('req', 100)],
    ['requiredText', requiredText('req', 100)],
    ['labelField', labelField('req')],
    ['freeTextField', freeTextField('req')],
    ['optionalText', optionalText(plainText('req', 100))],
    ['httpUrlField', httpUrlField()],
  ] as const;

  for (const [name, field] of fields) {
    it.each(lone)(`${name} refuses %j`, (value) => {
      const text = name === 'httpUrlField' ? `https://mapa.example.mx/${value}` : `Sala ${value}`;
      expect(messageOf(field.safeParse(text))).toBe(fieldMessages.controlCharacters);
    });
  }

  it('keeps whole pairs: emoji and letters outside the Basic Multilingual Plane', () => {
    expect(plainText('req', 100).parse('Buen día 😀')).toBe('Buen día 😀');
    expect(freeTextField('req').parse('Salas 𝒜 y 😀')).toBe('Salas 𝒜 y 😀');
    expect(httpUrlField().parse('https://mapa.example.mx/😀')).toBe('https://mapa.example.mx/😀');
  });
});
