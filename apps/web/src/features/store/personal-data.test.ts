import { storeMessages as m } from '@sala/shared/store/store.messages';
import { describe, expect, it } from 'vitest';
import { personalDataProblem } from './personal-data';

const ana = { name: 'Ana López', email: 'ana@example.com', phone: '5512345678' };

describe('personalDataProblem (checkout step 1)', () => {
  it.each([
    [ana, null],
    [{ ...ana, name: '' }, m.allFieldsRequired],
    [{ ...ana, name: '   ' }, m.allFieldsRequired],
    [{ ...ana, email: '' }, m.allFieldsRequired],
    [{ ...ana, phone: '' }, m.allFieldsRequired],
    [{ name: null, email: undefined, phone: null }, m.allFieldsRequired],
    [{ ...ana, phone: '551234567' }, m.phoneDigits],
    [{ ...ana, phone: '55123456789' }, m.phoneDigits],
    [{ ...ana, phone: '55 1234 5678' }, m.phoneDigits],
    [{ ...ana, phone: '55-12345678' }, m.phoneDigits],
  ])('%j → %s', (data, problem) => {
    expect(personalDataProblem(data)).toBe(problem);
  });

  it("uses the spec's texts", () => {
    expect(m.allFieldsRequired).toBe('Todos los campos son obligatorios');
    expect(m.phoneDigits).toBe('El número de teléfono debe tener 10 dígitos');
  });
});
