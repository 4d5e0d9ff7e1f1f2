import type { TCatalogResponse } from '@sala/shared/catalog/catalog.contract';
import { describe, expect, it } from 'vitest';
import { reconcileCart } from './cart-catalog';
import { BASIC, basic, line, PRO, pro, product, summer } from './test-fixtures';

const CLEANING = 'b0000000-0000-4000-8000-000000000004';

const cleaning = product(CLEANING, 'Sanitización profunda de sala', 45_000, 0);
const catalog: TCatalogResponse = { packages: [basic, pro], services: [cleaning] };

describe('reconcileCart (the cart against GET /api/catalog)', () => {
  it('keeps lines still for sale and totals them, (credits + extra) × quantity', () => {
    const cart = [line(basic, 1), line(pro, 2), line(cleaning, 1)];
    const result = reconcileCart(cart, catalog);
    expect(result.lines.every((l) => l.forSale)).toBe(true);
    expect(result.unavailable).toEqual([]);
    expect(result.sellable).toEqual(cart);
    expect(result.refreshed).toBeNull();
    expect(result).toMatchObject({
      totalCents: 125_000 + 2 * 230_000 + 45_000,
      totalCredits: 5 + 2 * 11,
      itemCount: 4,
    });
  });

  it('flags a product the catalog no longer lists and leaves it out of the totals and the checkout', () => {
    const cart = [line(basic, 1), line(summer, 3), line(pro, 1)];
    const result = reconcileCart(cart, catalog);
    expect(result.lines.map((l) => [l.name, l.forSale])).toEqual([
      ['Paquete Básico', true],
      ['Paquete Verano', false],
      ['Paquete Profesional', true],
    ]);
    expect(result.unavailable).toEqual([line(summer, 3)]);
    expect(result.sellable.map((l) => l.id)).toEqual([BASIC, PRO]);
    expect(result).toMatchObject({ totalCents: 355_000, totalCredits: 16, itemCount: 2 });
  });

  it("takes the catalog's current name, price and credits, and says the stored cart needs them", () => {
    const stored = [
      { ...line(basic, 2), name: 'Paquete Basico', priceCents: 100_000, credits: 4 },
      line(pro, 1),
    ];
    const result = reconcileCart(stored, catalog);
    expect(result.sellable).toEqual([line(basic, 2), line(pro, 1)]);
    expect(result.refreshed).toEqual([line(basic, 2), line(pro, 1)]);
    expect(result.totalCents).toBe(2 * 125_000 + 230_000);
  });

  it('keeps an unavailable line, unchanged, in the refreshed cart (the client removes it)', () => {
    const stored = [{ ...line(basic, 1), priceCents: 1 }, line(summer, 1)];
    expect(reconcileCart(stored, catalog).refreshed).toEqual([line(basic, 1), line(summer, 1)]);
  });

  it('without a catalog yet, counts every line as stored', () => {
    const cart = [line(basic, 1), line(summer, 1)];
    const result = reconcileCart(cart, undefined);
    expect(result.sellable).toEqual(cart);
    expect(result.unavailable).toEqual([]);
    expect(result.refreshed).toBeNull();
    expect(result.totalCents).toBe(215_000);
  });

  it('an empty catalog leaves nothing to buy', () => {
    const result = reconcileCart([line(basic, 1)], { packages: [], services: [] });
    expect(result.sellable).toEqual([]);
    expect(result).toMatchObject({ totalCents: 0, totalCredits: 0, itemCount: 0 });
  });
});
