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

  it('every field the API logs has its Spanish name, a closed drawer included', () => {
    // The fields apps/api writes to the log (recordAudit's before and after), the demo's and the rare ones.
    const logged = [
      'name',
      'email',
      'phone',
      'role',
      'isActive',
      'credits',
      'zone',
      'branch',
      'room',
      'sessionCost',
      'schedule',
      'address',
      'whatsapp',
      'mapUrl',
      'description',
      'priceCents',
      'extra',
      'isDigital',
      'isService',
      'date',
      'hour',
      'status',
      'refunded',
      'totalCents',
      'creditsTakenBack',
      'creditsNotTakenBack',
      'refund',
      'standingWeeksMax',
      'expected',
      'counted',
      'difference',
      'twoFactor',
      'recoveryCode',
      'recoveryCodes',
      'openLogins',
      'createdAt',
      'active',
    ];
    const lines = auditChangeLines({
      before: null,
      after: Object.fromEntries(logged.map((field) => [field, 1])),
    });
    expect(lines.filter((line) => line.label === line.field).map((line) => line.field)).toEqual([]);
    expect(
      auditChangeLines({
        before: { status: 'open' },
        after: { status: 'closed', expected: '$1,500', counted: '$1,480', difference: '-$20' },
      }),
    ).toEqual([
      { field: 'status', label: 'Estado', before: 'abierta', after: 'cerrada' },
      { field: 'expected', label: 'Esperado', before: '—', after: '$1,500' },
      { field: 'counted', label: 'Contado', before: '—', after: '$1,480' },
      { field: 'difference', label: 'Diferencia', before: '—', after: '-$20' },
    ]);
  });
});
