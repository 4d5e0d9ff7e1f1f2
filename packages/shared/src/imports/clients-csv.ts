// A spreadsheet of clients (issue 41): `nombre,correo,telefono,creditos` and an optional `activo`, UTF-8, comma or
// semicolon (Excel's "CSV UTF-8" writes a byte order mark, and semicolons where the decimal mark is a comma).
import { parse } from 'csv-parse/sync';
import { normalizePhone } from '../common/phone';
import { CLIENTS_CSV_MAX_ROWS } from './imports.contract';
import { importMessages as m } from './imports.messages';

export type ClientRow = {
  line: number;
  name: string;
  email: string;
  phone: string;
  credits: number;
  /** Null when the sheet does not say (no `activo` column, or a blank cell). */
  isActive: boolean | null;
};
export type ClientRowProblem = { line: number; email: string; reason: string };
export type ClientsCsv =
  | { ok: true; rows: ClientRow[]; problems: ClientRowProblem[] }
  | { ok: false; reason: string };

const COLUMNS = ['nombre', 'correo', 'telefono', 'creditos'] as const;
/** "Teléfono", " CRÉDITOS " → "telefono", "creditos": people write headers with accents and capitals. */
const headerKey = (header: string) => header.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const YES = new Set(['si', 'sí', 'true', '1', 'activo', 'x', 'yes']);
const NO = new Set(['no', 'false', '0', 'inactivo']);

/** The file's separator: whichever of `;` and `,` its first line has more of. */
function delimiterOf(text: string): ',' | ';' {
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  return (first.match(/;/g)?.length ?? 0) > (first.match(/,/g)?.length ?? 0) ? ';' : ',';
}

/** Every row of the file: good rows, and each bad one with its line number (the header is line 1). */
export function readClientsCsv(text: string): ClientsCsv {
  const body = text.replace(/^\uFEFF/, '');
  if (!body.trim()) return { ok: false, reason: m.csvEmpty };
  if (body.includes('\uFFFD')) return { ok: false, reason: m.csvNotUtf8 };
  let records: { record: string[]; line: number }[];
  try {
    records = (
      parse(body, {
        delimiter: delimiterOf(body),
        relax_column_count: true,
        skip_empty_lines: true,
        trim: true,
        info: true,
        bom: true,
      }) as unknown as { record: string[]; info: { lines: number } }[]
    ).map(({ record, info }) => ({ record, line: info.lines }));
  } catch {
    return { ok: false, reason: m.csvUnreadable };
  }
  const [header, ...data] = records;
  if (!header) return { ok: false, reason: m.csvEmpty };
  const keys = header.record.map(headerKey);
  const at = Object.fromEntries([...COLUMNS, 'activo'].map((column) => [column, keys.indexOf(column)]));
  if (COLUMNS.some((column) => at[column] === -1)) return { ok: false, reason: m.csvColumns };
  if (data.length > CLIENTS_CSV_MAX_ROWS)
    return { ok: false, reason: m.csvTooManyRows(CLIENTS_CSV_MAX_ROWS) };

  const rows: ClientRow[] = [];
  const problems: ClientRowProblem[] = [];
  const firstLineOf = new Map<string, number>();
  for (const { record, line } of data) {
    const cell = (column: string) =>
      at[column] === -1 ? '' : (record[at[column] as number] ?? '').replaceAll('\u0000', '').trim();
    if (record.every((value) => !value.trim())) continue;
    const email = cell('correo').toLowerCase();
    const problem = (reason: string) => problems.push({ line, email, reason });
    const name = cell('nombre');
    if (!name || name.length > 120) {
      problem(m.csvName);
      continue;
    }
    if (!EMAIL.test(email) || email.length > 254) {
      problem(m.badEmail);
      continue;
    }
    const phone = normalizePhone(cell('telefono'));
    if (!/^\d{10}$/.test(phone)) {
      problem(m.csvPhone);
      continue;
    }
    const creditsText = cell('creditos');
    const credits = creditsText === '' ? 0 : Number(creditsText);
    if (!Number.isInteger(credits) || credits < 0 || credits > 1_000_000) {
      problem(m.badCredits);
      continue;
    }
    const activeText = headerKey(cell('activo'));
    if (activeText && !YES.has(activeText) && !NO.has(activeText)) {
      problem(m.csvActive);
      continue;
    }
    const earlier = firstLineOf.get(email);
    if (earlier !== undefined) {
      problem(m.csvRepeated(earlier));
      continue;
    }
    firstLineOf.set(email, line);
    rows.push({ line, name, email, phone, credits, isActive: activeText ? YES.has(activeText) : null });
  }
  return { ok: true, rows, problems };
}
