import { describe, expect, it } from 'vitest';
import {
  FORMAS_PAGO,
  isUsoAllowed,
  REGIMENES_FISCALES,
  regimenesFor,
  USOS_CFDI,
  usosFor,
} from './sat-catalogs';

describe('the SAT catalogs shipped with the app', () => {
  it('each code has the SAT shape and appears once', () => {
    for (const [rows, shape] of [
      [REGIMENES_FISCALES, /^6\d\d$/],
      [USOS_CFDI, /^(?:G0[1-3]|I0[1-8]|D(?:0[1-9]|10)|S01|CP01|CN01)$/],
      [FORMAS_PAGO, /^\d\d$/],
    ] as const) {
      const keys = rows.map((row) => row.clave);
      for (const key of keys) expect(key).toMatch(shape);
      expect(new Set(keys).size).toBe(keys.length);
      for (const row of rows) expect(row.descripcion.trim()).not.toBe('');
    }
    expect(REGIMENES_FISCALES).toHaveLength(19);
    expect(USOS_CFDI).toHaveLength(24);
    expect(FORMAS_PAGO.map((row) => row.clave)).toEqual(
      expect.arrayContaining(['01', '03', '04', '28', '99']),
    );
  });

  it('every régimen a use names is in the régimen catalog, and applies to someone', () => {
    const regimenes = new Set(REGIMENES_FISCALES.map((row) => row.clave));
    for (const uso of USOS_CFDI) {
      expect(uso.regimenesReceptor.length).toBeGreaterThan(0);
      for (const regimen of uso.regimenesReceptor)
        expect(regimenes.has(regimen), `${uso.clave}: ${regimen}`).toBe(true);
      expect(uso.fisica || uso.moral).toBe(true);
    }
    for (const regimen of REGIMENES_FISCALES) expect(regimen.fisica || regimen.moral).toBe(true);
  });

  it('offers the uses of the catalog for each régimen, never the payment or payroll ones', () => {
    // A therapist with professional activity (612) deducts rooms as general expenses.
    expect(usosFor('612', 'fisica').map((u) => u.clave)).toEqual(
      expect.arrayContaining(['G01', 'G03', 'I02', 'D01', 'S01']),
    );
    expect(usosFor('612', 'fisica').map((u) => u.clave)).not.toContain('CP01');
    // Salaried people (605) get the personal deductions and S01, never G03.
    expect(usosFor('605', 'fisica').map((u) => u.clave)).toEqual([
      'D01',
      'D02',
      'D03',
      'D04',
      'D05',
      'D06',
      'D07',
      'D08',
      'D09',
      'D10',
      'S01',
    ]);
    // No obligations (616): S01 and, as the SAT lists it, G02.
    expect(usosFor('616', 'fisica').map((u) => u.clave)).toEqual(['G02', 'S01']);
    // Personal deductions are for individuals only.
    expect(isUsoAllowed('D01', '601', 'moral')).toBe(false);
    expect(isUsoAllowed('G03', '601', 'moral')).toBe(true);
    expect(isUsoAllowed('G03', '626', 'moral')).toBe(true);
    expect(isUsoAllowed('XX1', '612', 'fisica')).toBe(false);
  });

  it('splits the régimenes by kind of person', () => {
    expect(regimenesFor('moral').map((r) => r.clave)).toEqual([
      '601',
      '603',
      '610',
      '620',
      '622',
      '623',
      '624',
      '626',
    ]);
    expect(regimenesFor('fisica').map((r) => r.clave)).toContain('612');
    expect(regimenesFor('fisica').map((r) => r.clave)).not.toContain('601');
  });
});
