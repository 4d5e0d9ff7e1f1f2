import { describe, expect, it } from 'vitest';
import { type CatalogCandidate, splitCatalog } from './catalog.rules';

let n = 0;
function product(overrides: Partial<CatalogCandidate>): CatalogCandidate {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Producto ${n}`,
    description: 'Descripción',
    priceCents: 10_000,
    credits: 1,
    extra: 0,
    validityDays: null,
    isActive: true,
    isDigital: true,
    isService: false,
    ...overrides,
  };
}

describe('splitCatalog', () => {
  it('lists active digital non-services as packages and active digital services as services', () => {
    const pkg = product({ name: 'Paquete' });
    const service = product({ name: 'Servicio', isService: true });
    const pos = product({ name: 'Café', isDigital: false });
    const inactive = product({ name: 'Viejo', isActive: false });
    const inactiveService = product({ name: 'Viejo servicio', isActive: false, isService: true });

    const catalog = splitCatalog([pkg, service, pos, inactive, inactiveService]);

    expect(catalog.packages.map((p) => p.name)).toEqual(['Paquete']);
    expect(catalog.services.map((p) => p.name)).toEqual(['Servicio']);
  });

  it('sorts each list by ascending price', () => {
    const catalog = splitCatalog([
      product({ name: 'C', priceCents: 300 }),
      product({ name: 'A', priceCents: 100 }),
      product({ name: 'B', priceCents: 200 }),
      product({ name: 'S2', priceCents: 900, isService: true }),
      product({ name: 'S1', priceCents: 50, isService: true }),
    ]);
    expect(catalog.packages.map((p) => p.name)).toEqual(['A', 'B', 'C']);
    expect(catalog.services.map((p) => p.name)).toEqual(['S1', 'S2']);
  });

  it('does not leak internal flags', () => {
    const [first] = splitCatalog([product({})]).packages;
    expect(Object.keys(first ?? {})).toEqual([
      'id',
      'name',
      'description',
      'priceCents',
      'credits',
      'extra',
      'validityDays',
    ]);
  });
});
