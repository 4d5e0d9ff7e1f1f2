import { describe, expect, it } from 'vitest';
import { readClientsCsv } from './clients-csv';
import { CLIENTS_CSV_MAX_ROWS } from './imports.contract';
import { importMessages as m } from './imports.messages';

describe('a spreadsheet of clients', () => {
  it("reads Excel's CSV UTF-8 with semicolons, accents in the headers and a byte order mark", () => {
    const read = readClientsCsv(
      '\uFEFFNombre;Correo;Teléfono;Créditos;Activo\r\nAna López;ANA@x.mx;55 1234 5678;3;Sí\r\n',
    );
    expect(read).toEqual({
      ok: true,
      problems: [],
      rows: [
        { line: 2, name: 'Ana López', email: 'ana@x.mx', phone: '5512345678', credits: 3, isActive: true },
      ],
    });
  });

  it('reads commas, quoted fields, columns in any order, blank credits as 0 and a missing activo as not said (null)', () => {
    const read = readClientsCsv(
      'correo,nombre,creditos,telefono\nj@x.mx,"Pérez, Juan",,+52 55-1234-5679\n\n',
    );
    expect(read).toMatchObject({
      ok: true,
      rows: [{ line: 2, name: 'Pérez, Juan', credits: 0, phone: '5512345679', isActive: null }],
    });
  });

  it('reports each bad row with its line, and keeps the first of a repeated e-mail', () => {
    const read = readClientsCsv(
      [
        'nombre,correo,telefono,creditos,activo',
        'Ana,ana@x.mx,5512345678,1,no',
        ',b@x.mx,5512345678,1,',
        'Bety,b@x,5512345678,1,',
        'Caro,c@x.mx,12345,1,',
        'Dani,d@x.mx,5512345678,1.5,',
        'Eva,e@x.mx,5512345678,1,quizá',
        'Ana Dos,ANA@x.mx,5512345678,2,',
      ].join('\n'),
    );
    expect(read.ok && read.rows.map((r) => [r.line, r.email, r.isActive])).toEqual([[2, 'ana@x.mx', false]]);
    expect(read.ok && read.problems.map((p) => [p.line, p.reason])).toEqual([
      [3, m.csvName],
      [4, m.badEmail],
      [5, m.csvPhone],
      [6, m.badCredits],
      [7, m.csvActive],
      [8, m.csvRepeated(2)],
    ]);
  });

  it('refuses a file without the columns, an empty one, and one too long', () => {
    expect(readClientsCsv('name,email,phone\nAna,a@x.mx,5512345678')).toEqual({
      ok: false,
      reason: m.csvColumns,
    });
    expect(readClientsCsv('\uFEFF  \n')).toEqual({ ok: false, reason: m.csvEmpty });
    // A Latin-1 file read as UTF-8: "Ríos" arrives as "R\uFFFDos".
    expect(readClientsCsv('nombre,correo,telefono,creditos\nMarta R\uFFFDos,m@x.mx,5512345678,1')).toEqual({
      ok: false,
      reason: m.csvNotUtf8,
    });
    expect(readClientsCsv('nombre,correo,telefono,creditos\n"Ana,a@x.mx')).toEqual({
      ok: false,
      reason: m.csvUnreadable,
    });
    const long = [
      'nombre,correo,telefono,creditos',
      ...Array.from({ length: CLIENTS_CSV_MAX_ROWS + 1 }, (_, i) => `A,a${i}@x.mx,5512345678,1`),
    ];
    expect(readClientsCsv(long.join('\n'))).toEqual({
      ok: false,
      reason: m.csvTooManyRows(CLIENTS_CSV_MAX_ROWS),
    });
  });
});
