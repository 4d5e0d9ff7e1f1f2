import { describe, expect, it } from 'vitest';
import type { TCashMovement } from './cash-summary.contract';
import { cashSummaryCsv, sortMovements, summarizeMovements } from './cash-summary.rules';

const order = (over: Partial<Extract<TCashMovement, { kind: 'order' }>>): TCashMovement => ({
  kind: 'order',
  id: '00000000-0000-4000-8000-000000000001',
  at: '2026-10-14T16:00:00.000Z',
  status: 'completed',
  method: 'cash',
  isPos: true,
  clientName: 'Ana López',
  cashierName: 'Recepción',
  branchName: 'Roma',
  totalCents: 10_000,
  cashCents: 10_000,
  cardCents: 0,
  transferCents: 0,
  ...over,
});
const cost = (over: Partial<Extract<TCashMovement, { kind: 'cost' }>>): TCashMovement => ({
  kind: 'cost',
  id: '00000000-0000-4000-8000-000000000009',
  at: '2026-10-14T15:00:00.000Z',
  name: 'Luz',
  addedByName: 'Super',
  branchName: 'Roma',
  totalCents: 2_500,
  ...over,
});

describe('summarizeMovements', () => {
  it('adds completed orders by method, leaves cancelled and pending out, subtracts expenses', () => {
    const totals = summarizeMovements([
      order({ cashCents: 35_000 }),
      order({ method: 'card', cashCents: 0, cardCents: 80_000 }),
      order({ method: 'mixed', cashCents: 20_000, transferCents: 40_000 }),
      order({ status: 'cancelled', cashCents: 99_000 }),
      order({ status: 'pending', cardCents: 1_000 }),
      cost({ totalCents: 20_000 }),
      cost({ totalCents: 5_000 }),
    ]);
    expect(totals).toEqual({
      cashCents: 55_000,
      cardCents: 80_000,
      transferCents: 40_000,
      onlineCents: 0,
      onlineCardCents: 0,
      onlineOxxoCents: 0,
      onlineSpeiCents: 0,
      receivedCents: 175_000,
      expensesCents: 25_000,
      netCents: 150_000,
      orders: 3,
      cancelledOrders: 1,
      costs: 2,
      invoicedCents: 0,
      inGlobalCents: 0,
      notInvoicedCents: 30_000,
    });
  });

  it('splits the completed sales by invoice: their own, the global invoice, none yet (issue 42)', () => {
    const totals = summarizeMovements([
      order({ totalCents: 11_600, invoice: 'invoiced' }),
      order({ totalCents: 5_000, invoice: 'in_global' }),
      order({ totalCents: 2_000, invoice: 'none' }),
      order({ totalCents: 700 }),
      order({ totalCents: 99_000, status: 'cancelled', invoice: 'invoiced' }),
    ]);
    expect(totals).toMatchObject({ invoicedCents: 11_600, inGlobalCents: 5_000, notInvoicedCents: 2_700 });
  });

  it('puts the online store on its own line by method: card, OXXO (cash at the store), SPEI (transfer)', () => {
    const totals = summarizeMovements([
      order({ isPos: false, method: 'card', cashCents: 0, cardCents: 30_000 }),
      order({ isPos: false, method: 'oxxo', cashCents: 50_000 }),
      order({ isPos: false, method: 'spei', cashCents: 0, transferCents: 70_000 }),
      order({ isPos: false, method: 'oxxo', status: 'expired', cashCents: 0 }),
    ]);
    expect(totals).toMatchObject({
      cashCents: 0,
      cardCents: 0,
      transferCents: 0,
      onlineCents: 150_000,
      onlineCardCents: 30_000,
      onlineOxxoCents: 50_000,
      onlineSpeiCents: 70_000,
      receivedCents: 150_000,
      orders: 3,
    });
  });

  it('nets below zero when expenses exceed what came in, and is all zeros for an empty day', () => {
    expect(summarizeMovements([cost({ totalCents: 3_000 })]).netCents).toBe(-3_000);
    expect(summarizeMovements([])).toMatchObject({ receivedCents: 0, expensesCents: 0, netCents: 0 });
  });

  it('sorts by time, orders before costs at the same instant', () => {
    const sorted = sortMovements([
      cost({ at: '2026-10-14T16:00:00.000Z' }),
      order({ at: '2026-10-14T16:00:00.000Z' }),
      cost({ at: '2026-10-14T12:00:00.000Z', id: '00000000-0000-4000-8000-000000000002' }),
    ]);
    expect(sorted.map((mv) => `${mv.kind}@${mv.at.slice(11, 16)}`)).toEqual([
      'cost@12:00',
      'order@16:00',
      'cost@16:00',
    ]);
  });
});

describe('cashSummaryCsv', () => {
  const movements = [cost({}), order({ clientName: '=HYPERLINK("x")', branchName: 'Peñón, Sur' })];
  const csv = cashSummaryCsv(
    { date: '2026-10-14', branchId: null, totals: summarizeMovements(movements), movements, drawers: [] },
    null,
  );

  it('starts with a UTF-8 byte order mark and keeps the accents', () => {
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain('Peñón');
    expect(new TextEncoder().encode(csv).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  it('writes one row per movement in Mexico City time, quoted where needed, formulas neutralised', () => {
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('Corte de caja,2026-10-14,Todas las sucursales');
    expect(lines[3]).toBe('09:00,Gasto,Luz (Super),Roma,,,,,,-25.00');
    expect(lines[4]).toBe(
      `10:00,Venta,"'=HYPERLINK(""x"") (Recepción)","Peñón, Sur",Completada,Efectivo,100.00,0.00,0.00,100.00`,
    );
    expect(csv).toContain('Total recibido,100.00');
    expect(csv).toContain('Neto,75.00');
  });
});
