import { describe, expect, it } from 'vitest';
import type { TReport } from './dashboard.contract';
import { reportCsv, reportCsvFileName, salesTotals } from './sales';
import { formatShortDate, percent, weekdayNames } from './weekdays';

const day = (date: string, cash: number, card: number, transfer: number, online: number) => ({
  date,
  cashCents: cash,
  cardCents: card,
  transferCents: transfer,
  onlineCents: online,
});

const report: TReport = {
  from: '2026-11-01',
  to: '2026-11-02',
  days: [day('2026-11-01', 50_000, 0, 12_050, 0), day('2026-11-02', 2_000, 30_000, 0, 180_000)],
  expensesCents: 8_050,
  invoicing: { invoicedCents: 0, inGlobalCents: 0, notInvoicedCents: 0 },
  credits: { sold: 12, used: 7, expired: 2, outstanding: 31 },
  expiredPerMonth: [{ month: '2026-11', credits: 2 }],
  products: [{ name: 'Agua, 600 ml', quantity: 3, totalCents: 6_000 }],
  occupancy: [
    {
      branchId: 'd1000000-0000-4000-8000-0000000000b1',
      branchName: 'Valle',
      booked: 3,
      bookable: 8,
      rate: 37.5,
    },
  ],
  heatmap: [{ weekday: 1, hour: '09:00', booked: 1, bookable: 2, rate: 50 }],
};

describe('sales totals', () => {
  it('adds each method over the days, the online store apart, and their sum', () => {
    const totals = salesTotals(report.days);
    expect(totals.lines.map((line) => [line.label, line.cents])).toEqual([
      ['Efectivo', 52_000],
      ['Tarjeta (terminal)', 30_000],
      ['Transferencia', 12_050],
      ['Tienda en línea (tarjeta)', 180_000],
    ]);
    expect(totals.totalCents).toBe(274_050);
    expect(salesTotals([]).totalCents).toBe(0);
  });
});

describe('a report as CSV', () => {
  const lines = reportCsv(report, 'Valle').split('\r\n');

  it("keeps the corte's conventions: a byte order mark, CRLF, pesos with two decimals, quoted commas", () => {
    expect(lines[0]).toBe('\uFEFFReporte,2026-11-01,2026-11-02,Valle');
    expect(lines).toContain('2026-11-01,500.00,0.00,120.50,0.00,620.50');
    expect(lines).toContain('2026-11-02,20.00,300.00,0.00,1800.00,2120.00');
    expect(lines).toContain('Total,520.00,300.00,120.50,1800.00,2740.50');
    expect(lines).toContain('"Agua, 600 ml",3,60.00');
    expect(lines.at(-1)).toBe('');
  });

  it('writes expenses, net, credits, occupancy and the weekday × hour cells', () => {
    expect(lines).toContain('Gastos,80.50');
    expect(lines).toContain('Neto,2660.00');
    expect(lines).toContain('Créditos vendidos,12');
    expect(lines).toContain('Créditos por usar (saldos de hoy),31');
    expect(lines).toContain('Valle,3,8,37.5');
    expect(lines).toContain('lunes,09:00,1,2,50.0');
    expect(reportCsv(report, null).split('\r\n')[0]).toBe(
      '\uFEFFReporte,2026-11-01,2026-11-02,Todas las sucursales',
    );
  });

  it('names its file by the range', () => {
    expect(reportCsvFileName(report)).toBe('reporte-2026-11-01-a-2026-11-02.csv');
  });
});

describe('the panels’ words', () => {
  it('writes rates with one decimal at most and short weekday names', () => {
    expect(percent(45.5)).toBe('45.5 %');
    expect(percent(50)).toBe('50 %');
    expect(percent(0)).toBe('0 %');
    expect(weekdayNames).toEqual(['Dom', 'Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb']);
  });

  it('writes a date short for a narrow column: three letters of the weekday and the month', () => {
    expect(formatShortDate('2026-10-27')).toBe('mar 27 oct');
    expect(formatShortDate('2026-11-25')).toBe('mié 25 nov');
    expect(formatShortDate('2026-09-05')).toBe('sáb 5 sep');
  });
});
