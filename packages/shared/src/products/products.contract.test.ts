import { describe, expect, it } from 'vitest';
import { toProductValues, ZSaveProductRequest } from './products.contract';
import { productMessages as m } from './products.messages';

const valid = {
  name: 'Paquete Básico',
  description: 'Cinco sesiones',
  price: 1250,
  credits: 5,
  extra: 0,
  isDigital: true,
  isService: false,
};
const messageOf = (input: object) => ZSaveProductRequest.safeParse(input).error?.issues[0]?.message;

describe('ZSaveProductRequest', () => {
  it('accepts pesos with up to two decimals', () => {
    for (const price of [0, 1, 19.99, 1250.5, 1_000_000]) {
      expect(ZSaveProductRequest.safeParse({ ...valid, price }).success, String(price)).toBe(true);
    }
  });

  it.each([
    [{ name: undefined }, m.requiredFields],
    [{ description: '' }, m.requiredFields],
    [{ price: undefined }, m.requiredFields],
    [{ price: Number.NaN }, m.requiredFields],
    [{ price: -0.01 }, m.numericValues],
    [{ price: 10.001 }, m.numericValues],
    [{ price: '100' }, m.numericValues],
    [{ credits: -1 }, m.numericValues],
    [{ credits: 2.5 }, m.numericValues],
    [{ extra: 'uno' }, m.numericValues],
  ])('%j → %s', (overrides, message) => {
    expect(messageOf({ ...valid, ...overrides })).toBe(message);
  });
});

describe('toProductValues', () => {
  it('stores centavos, exactly', () => {
    expect(toProductValues({ ...valid, price: 19.99 }).priceCents).toBe(1999);
    expect(toProductValues({ ...valid, price: 0.29 }).priceCents).toBe(29);
    expect(toProductValues({ ...valid, price: 1250.5 }).priceCents).toBe(125_050);
    expect(toProductValues({ ...valid, price: 1250.5 })).not.toHaveProperty('price');
  });

  it('keeps the service flag only online', () => {
    expect(toProductValues({ ...valid, isService: true }).isService).toBe(true);
    expect(toProductValues({ ...valid, isDigital: false, isService: true }).isService).toBe(false);
  });
});
