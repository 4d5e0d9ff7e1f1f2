/** One CSV cell: quoted when it needs it, and a leading =, +, - or @ neutralised so a spreadsheet never runs it. */
export const csvCell = (value: string | number | boolean | null) => {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** Rows as CSV: a UTF-8 byte order mark first, so Excel reads the accents right, and CRLF line ends. */
export function toCsv(rows: readonly (readonly (string | number | boolean | null)[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** An amount in a CSV: pesos with two decimals, so a spreadsheet adds them ('1250.00', '-80.50'). */
export const csvPesos = (cents: number) => (cents / 100).toFixed(2);
