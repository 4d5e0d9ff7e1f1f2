import { describe, expect, it } from 'vitest';
import { auditChangeLines, formatAuditValue } from './audit-changes';

describe('audit changes as the screen reads them', () => {
  it('prices in pesos, yes/no, levels and states in Spanish, nothing as a dash', () => {
    expect(formatAuditValue('priceCents', 120_000)).toBe('$1,200');
    // Issue 39: a price with centavos is the stored one, never rounded.
    expect(formatAuditValue('priceCents', 9_950)).toBe('$99.50');
    expect(formatAuditValue('isActive', false)).toBe('No');
    expect(formatAuditValue('role', 'superadmin')).toBe('Super admin');
    expect(formatAuditValue('status', 'cancelled')).toBe('cancelada');
    expect(formatAuditValue('whatsapp', null)).toBe('—');
    expect(formatAuditValue('credits', 5)).toBe('5');
  });

  it('one line per field, before → after; a creation has no before, a removal no after', () => {
    expect(
      auditChangeLines({
        before: { priceCents: 100_000, extra: 0 },
        after: { priceCents: 120_000, extra: 1 },
      }),
    ).toEqual([
      { field: 'priceCents', label: 'Precio', before: '$1,000', after: '$1,200' },
      { field: 'extra', label: 'Créditos extra', before: '0', after: '1' },
    ]);
    expect(auditChangeLines({ before: null, after: { name: 'Zona Norte' } })).toEqual([
      { field: 'name', label: 'Nombre', before: '—', after: 'Zona Norte' },
    ]);
    expect(auditChangeLines({ before: { name: 'Zona Norte' }, after: null })[0]?.after).toBe('—');
  });
});
