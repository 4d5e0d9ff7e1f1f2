import { describe, expect, it } from 'vitest';
import { tooLongMessage } from '../common/fields';
import { ZLoginRequest, ZRegisterRequest } from './auth.contract';
import { authMessages as m } from './auth.messages';

const valid = {
  name: 'María José Ñúñez-O’Brien',
  email: 'maria@example.com',
  phone: '5512345678',
  password: 'secreto1',
  passwordConfirmation: 'secreto1',
  acceptTerms: true,
};

const firstMessage = (input: unknown) => {
  const result = ZRegisterRequest.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('ZRegisterRequest', () => {
  it('accepts a valid registration and trims text', () => {
    const parsed = ZRegisterRequest.parse({ ...valid, name: '  Ana  ', email: ' ana@example.com ' });
    expect(parsed.name).toBe('Ana');
    expect(parsed.email).toBe('ana@example.com');
  });

  it.each([
    [{ ...valid, name: '' }, m.allFieldsRequired],
    [{ ...valid, name: '   ' }, m.allFieldsRequired],
    [{ ...valid, email: undefined }, m.allFieldsRequired],
    [{ ...valid, phone: 5512345678 }, m.allFieldsRequired],
    [{ ...valid, phone: '551234567' }, m.phoneDigits],
    [{ ...valid, phone: '55-1234-567' }, m.phoneDigits],
    [{ ...valid, email: 'no-es-correo' }, m.registerInvalidEmail],
    [{ ...valid, password: '12345', passwordConfirmation: '12345' }, m.weakPassword],
    [{ ...valid, passwordConfirmation: 'otra123' }, m.passwordsMustMatch],
    [{ ...valid, acceptTerms: false }, m.acceptTerms],
    [{ ...valid, acceptTerms: undefined }, m.acceptTerms],
    [{ ...valid, name: 'a'.repeat(10_000) }, tooLongMessage(120)],
    [{ ...valid, name: '<script>alert(1)</script>' }, m.invalidName],
    [{ ...valid, name: "'; drop table users; --" }, m.invalidName],
  ])('refuses %o with its message', (input, message) => {
    expect(firstMessage(input)).toBe(message);
  });
});

it('reports mismatched passwords together with the other mistakes', () => {
  const result = ZRegisterRequest.safeParse({
    ...valid,
    phone: '123',
    acceptTerms: false,
    passwordConfirmation: 'otra123',
  });
  expect(result.success ? [] : result.error.issues.map((i) => i.message)).toEqual(
    expect.arrayContaining([m.phoneDigits, m.acceptTerms, m.passwordsMustMatch]),
  );
});

describe('ZLoginRequest', () => {
  it.each([
    [{ email: '', password: 'x' }, m.loginFieldsRequired],
    [{ email: 'ana@example.com', password: '' }, m.loginFieldsRequired],
    [{}, m.loginFieldsRequired],
    [{ email: 'ana', password: 'x' }, m.invalidEmail],
  ])('refuses %o with its message', (input, message) => {
    const result = ZLoginRequest.safeParse(input);
    expect(result.success ? undefined : result.error.issues[0]?.message).toBe(message);
  });

  it('defaults remember to false', () => {
    expect(ZLoginRequest.parse({ email: 'ana@example.com', password: 'x' }).remember).toBe(false);
  });
});
