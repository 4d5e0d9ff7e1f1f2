import formasPago from './sat/c_FormaPago.json';
import regimenesFiscales from './sat/c_RegimenFiscal.json';
import usosCfdi from './sat/c_UsoCFDI.json';

/**
 * The SAT's catalogs of CFDI 4.0 that a client's fiscal profile and an invoice use (issue 42): régimen fiscal, uso
 * del CFDI (with the régimenes each use is valid for) and forma de pago. They are data files beside this one,
 * transcribed from the SAT's catCFDI spreadsheet (each file names its source); sat-catalogs.test.ts checks them.
 */
export type TaxPerson = 'fisica' | 'moral';

export type RegimenFiscal = { clave: string; descripcion: string; fisica: boolean; moral: boolean };
export type UsoCfdi = RegimenFiscal & { regimenesReceptor: string[] };
export type FormaPago = { clave: string; descripcion: string };

export const REGIMENES_FISCALES: readonly RegimenFiscal[] = regimenesFiscales.claves;
export const USOS_CFDI: readonly UsoCfdi[] = usosCfdi.claves;
export const FORMAS_PAGO: readonly FormaPago[] = formasPago.claves;

/** Where the catalogs come from, for the README and the settings page. */
export const SAT_CATALOGS_SOURCE = usosCfdi.fuente;

/** Uses that never go on an invoice for a sale (Ingreso): payment receipts and payroll. */
const NOT_FOR_A_SALE = new Set(['CP01', 'CN01']);

const byKey = <T extends { clave: string }>(rows: readonly T[]) =>
  new Map(rows.map((row) => [row.clave, row]));
const regimenByKey = byKey(REGIMENES_FISCALES);
const usoByKey = byKey(USOS_CFDI);
const formaByKey = byKey(FORMAS_PAGO);

export const regimenOf = (clave: string) => regimenByKey.get(clave);
export const usoOf = (clave: string) => usoByKey.get(clave);
export const formaPagoOf = (clave: string) => formaByKey.get(clave);

/** '612 · Personas Físicas con Actividades Empresariales y Profesionales', as a select shows a code. */
export const satLabel = (row: { clave: string; descripcion: string }) => `${row.clave} · ${row.descripcion}`;

/** The régimenes a person of this kind may be in (a 13-character RFC is a física, 12 a moral). */
export const regimenesFor = (person: TaxPerson) => REGIMENES_FISCALES.filter((row) => row[person]);

/** The uses of an invoice for a sale valid for a receiver in this régimen, as the SAT's catalog lists them. */
export function usosFor(regimen: string, person: TaxPerson): UsoCfdi[] {
  return USOS_CFDI.filter(
    (uso) => !NOT_FOR_A_SALE.has(uso.clave) && uso[person] && uso.regimenesReceptor.includes(regimen),
  );
}

export const isUsoAllowed = (uso: string, regimen: string, person: TaxPerson) =>
  usosFor(regimen, person).some((row) => row.clave === uso);

export const isRegimenAllowed = (regimen: string, person: TaxPerson) => regimenOf(regimen)?.[person] === true;
