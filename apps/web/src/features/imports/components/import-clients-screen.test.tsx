import type { TClientImportRow, TImportReport } from '@sala/shared/imports/imports.contract';
import { importMessages as m } from '@sala/shared/imports/imports.messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { spyOnToasts } from '../../../test/toasts';
import { ImportClientsScreen } from './import-clients-screen';

const notify = spyOnToasts();

const CSV = [
  'nombre,correo,telefono,creditos,activo',
  'Ana López,ana@example.com,55 1234 5678,10,sí',
  'Luis Pérez,luis@example.com,222 123 4567,0,no',
  'Sin Correo,,5512345678,3,sí',
].join('\n');

const client = (line: number, overrides: Partial<TClientImportRow> = {}): TClientImportRow => ({
  line,
  name: `Cliente ${line}`,
  email: `cliente${line}@example.com`,
  phone: '2221234567',
  credits: 1,
  isActive: true,
  action: 'create',
  ...overrides,
});

function report(
  overrides: Partial<TImportReport> & { created?: number; updated?: number } = {},
): TImportReport {
  const { created = 1, updated = 1, ...rest } = overrides;
  const clients = rest.clients ?? [
    client(3, {
      name: 'Luis Pérez',
      email: 'luis@example.com',
      phone: '2221234567',
      credits: 0,
      isActive: false,
      action: 'update',
    }),
    client(2, { name: 'Ana López', email: 'ana@example.com', phone: '5512345678', credits: 10 }),
  ];
  const skipped = rest.skipped ?? [{ collection: 'clients' as const, id: '—', line: 4, reason: m.badEmail }];
  return {
    dryRun: true,
    counts: [
      {
        collection: 'clients',
        label: 'Clientes (hoja de cálculo)',
        read: clients.length + skipped.length,
        imported: created,
        updated,
        unchanged: clients.length - created - updated,
        skipped: skipped.length,
      },
    ],
    warnings: [],
    ignored: [],
    ...rest,
    clients,
    skipped,
  };
}

type Answer = { status?: number; body: unknown };

function mockApi(answers: { preview?: Answer; save?: Answer } = {}) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method !== 'POST') throw new Error(`unexpected ${init?.method} ${url}`);
    if (url === '/api/imports/clients/preview') {
      const { body, status } = answers.preview ?? { body: report() };
      return jsonResponse(body, status);
    }
    if (url === '/api/imports/clients') {
      const { body, status } = answers.save ?? { body: { ...report(), dryRun: false } };
      return jsonResponse(body, status);
    }
    throw new Error(`unexpected ${url}`);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const sent = (fetch: ReturnType<typeof mockApi>, url: string) =>
  fetch.mock.calls.filter(([called]) => called === url).map(([, init]) => JSON.parse(String(init!.body)));

function renderScreen() {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <ImportClientsScreen />
    </QueryClientProvider>,
  );
}

const upload = (content: BlobPart, name = 'clientes.csv') =>
  userEvent.upload(
    screen.getByLabelText('Hoja de clientes (CSV)'),
    new File([content], name, { type: 'text/csv' }),
  );

// jsdom's File has no text(); every browser's does. This one reads as the browser's does: UTF-8, a bad byte as
// U+FFFD, a leading byte order mark dropped (FileReader decodes as Blob.text() does).
const hadText = 'text' in File.prototype;
beforeAll(() => {
  if (hadText) return;
  Object.defineProperty(File.prototype, 'text', {
    configurable: true,
    value(this: File) {
      return new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as string);
        reader.onerror = () => reject(reader.error);
        reader.readAsText(this);
      });
    },
  });
});
afterAll(() => {
  if (!hadText) delete (File.prototype as { text?: unknown }).text;
});
beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('Importar clientes', () => {
  it('sends the file as read, previews it row by row, and saves it on confirming', async () => {
    const fetch = mockApi();
    renderScreen();
    expect(screen.getByLabelText('Hoja de clientes (CSV)')).toHaveAttribute('accept', '.csv,text/csv');
    await upload(`\uFEFF${CSV}`);

    const preview = await screen.findByTestId('import-preview');
    // Excel's byte order mark stays behind (the browser's UTF-8 reading drops it).
    expect(sent(fetch, '/api/imports/clients/preview')).toEqual([{ csv: CSV }]);
    expect(within(preview).getByRole('heading', { level: 2 })).toHaveFocus();
    expect(screen.getByText('clientes.csv')).toBeVisible();
    expect(within(preview).getByTestId('count-imported')).toHaveTextContent('1');
    expect(within(preview).getByTestId('count-updated')).toHaveTextContent('1');
    expect(within(preview).getByTestId('count-unchanged')).toHaveTextContent('0');
    expect(within(preview).getByTestId('count-skipped')).toHaveTextContent('1');
    expect(within(preview).getByText('Se actualizan')).toBeVisible();

    // In the file's order, the phone grouped as people read it.
    const rows = within(within(preview).getByRole('table', { name: 'Clientes de la hoja' })).getAllByRole(
      'row',
    );
    expect(
      rows.slice(1).map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['2', 'Ana López', 'ana@example.com', '55 1234 5678', '10', 'Activo', 'Nuevo'],
      ['3', 'Luis Pérez', 'luis@example.com', '222 123 4567', '0', 'Inactivo', 'Se actualiza'],
    ]);
    const errors = within(preview).getByRole('table', { name: 'Filas con error' });
    expect(within(errors).getAllByRole('row')[1]).toHaveTextContent(`4—${m.badEmail}`);

    await userEvent.click(screen.getByRole('button', { name: 'Confirmar importación' }));
    const done = await screen.findByTestId('import-done');
    expect(sent(fetch, '/api/imports/clients')).toEqual([{ csv: CSV }]);
    expect(notify.success).toHaveBeenCalledWith(m.done(1, 1));
    expect(within(done).getByRole('heading', { name: 'Importación guardada' })).toHaveFocus();
    expect(within(done).getByText('Actualizados')).toBeVisible();
    expect(within(done).getByTestId('count-imported')).toHaveTextContent('1');
    expect(screen.queryByTestId('import-preview')).toBeNull();
    // Another sheet can follow.
    expect(screen.getByLabelText('Importar otra hoja de clientes')).toBeEnabled();
  });

  it('says why the API refused the file, beside the file input, and saves nothing', async () => {
    const fetch = mockApi({
      preview: {
        status: 400,
        body: { error: { code: 'invalid-argument', message: m.csvColumns, fields: { csv: m.csvColumns } } },
      },
    });
    renderScreen();
    await upload('name,email\nAna,ana@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(`clientes.csv: ${m.csvColumns}`);
    expect(screen.getByLabelText('Hoja de clientes (CSV)')).toHaveAccessibleDescription(
      `clientes.csv: ${m.csvColumns}`,
    );
    expect(screen.queryByTestId('import-preview')).toBeNull();
    expect(sent(fetch, '/api/imports/clients')).toEqual([]);
  });

  it('refuses a file that is not UTF-8 (Excel’s plain CSV) before sending it', async () => {
    const fetch = mockApi();
    renderScreen();
    // "José" in Windows-1252: the é is one byte that is not UTF-8.
    await upload(new Uint8Array([...new TextEncoder().encode('nombre,correo,telefono,creditos\nJos'), 0xe9]));
    expect(await screen.findByRole('alert')).toHaveTextContent(/no está en UTF-8/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('tells the API’s failure to save in a toast and keeps the preview to try again', async () => {
    mockApi({
      save: { status: 400, body: { error: { code: 'invalid-argument', message: m.csvTooManyRows(20_000) } } },
    });
    renderScreen();
    await upload(CSV);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmar importación' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(m.csvTooManyRows(20_000)));
    expect(notify.success).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Confirmar importación' })).toBeEnabled();
  });

  it('offers nothing to confirm when the sheet changes nothing, and lets another file be chosen', async () => {
    mockApi({
      preview: {
        body: report({ created: 0, updated: 0, clients: [client(2, { action: 'unchanged' })], skipped: [] }),
      },
    });
    renderScreen();
    await upload(CSV);
    expect(await screen.findByRole('button', { name: 'Confirmar importación' })).toBeDisabled();
    expect(screen.getByText(/no hay nada que importar/)).toBeVisible();
    expect(screen.queryByRole('table', { name: 'Filas con error' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Elegir otro archivo' }));
    expect(screen.queryByTestId('import-preview')).toBeNull();
    expect(screen.getByLabelText('Hoja de clientes (CSV)')).toHaveFocus();
  });

  it('lists the first 200 rows of a long sheet, changes first, and says how many more', async () => {
    const clients = Array.from({ length: 250 }, (_, i) =>
      client(i + 2, { action: i < 5 ? 'unchanged' : 'create' }),
    );
    mockApi({ preview: { body: report({ created: 245, updated: 0, clients, skipped: [] }) } });
    renderScreen();
    await upload(CSV);
    const table = await screen.findByRole('table', { name: 'Clientes de la hoja' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(200);
    // Lines 2 to 6 stay as they are: they come after every new client.
    expect(within(rows[0]!).getAllByRole('cell')[0]).toHaveTextContent('7');
    expect(screen.getByTestId('rows-not-shown')).toHaveTextContent(
      'Se muestran las primeras 200 de 250 filas; las otras 50 no se listan aquí, pero cuentan en el resumen.',
    );
  });
});
