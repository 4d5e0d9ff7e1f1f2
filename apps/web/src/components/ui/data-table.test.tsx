import type { TPage, TPageState } from '@sala/shared/table/table.contract';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { XL_UP } from '../../lib/use-media-query';
import { DataTable, type DataTableColumn, TABLE_SEARCH_DEBOUNCE_MS, TablesWideFrom } from './data-table';

type Row = { id: string; name: string };
const columns: DataTableColumn<Row>[] = [
  { id: 'name', header: 'Nombre', accessorKey: 'name' },
  { id: 'actions', header: 'Acciones', enableSorting: false, cell: () => 'editar' },
];

function Harness({
  data,
  onChange,
  columns: shown = columns,
}: {
  data: TPage<Row>;
  onChange: (s: TPageState) => void;
  columns?: DataTableColumn<Row>[];
}) {
  const [state, setState] = useState<TPageState>({ page: 1, pageSize: 10, sort: 'name', dir: 'asc' });
  return (
    <DataTable
      columns={shown}
      data={data}
      state={state}
      onStateChange={(next) => {
        setState(next);
        onChange(next);
      }}
      pageSizes={[10, 20, 30, 50]}
      caption="Personas"
    />
  );
}

const page = (rows: Row[], total: number): TPage<Row> => ({ rows, total, page: 1, pageSize: 10 });

describe('DataTable', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows rows, "Pagina X de Y" and the page-size choices', () => {
    render(<Harness data={page([{ id: '1', name: 'Ana' }], 25)} onChange={() => {}} />);
    expect(screen.getByRole('cell', { name: 'Ana' })).toBeInTheDocument();
    expect(screen.getByText('Pagina 1 de 3')).toBeInTheDocument();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Mostrar 10',
      'Mostrar 20',
      'Mostrar 30',
      'Mostrar 50',
    ]);
    expect(screen.getByRole('button', { name: /Anterior/ })).toBeDisabled();
  });

  it('shows the empty text', () => {
    render(<Harness data={page([], 0)} onChange={() => {}} />);
    expect(screen.getByText('No se encontraron datos.')).toBeInTheDocument();
    expect(screen.getByText('Pagina 1 de 1')).toBeInTheDocument();
  });

  it('asks for the next page and a new page size', () => {
    const onChange = vi.fn();
    render(<Harness data={page([{ id: '1', name: 'Ana' }], 25)} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: /Siguiente/ }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }));
    fireEvent.change(screen.getByLabelText('Filas por página'), { target: { value: '30' } });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ pageSize: 30, page: 1 }));
  });

  it('sorts by a header and flips the direction, but not unsortable columns', () => {
    const onChange = vi.fn();
    render(<Harness data={page([{ id: '1', name: 'Ana' }], 1)} onChange={onChange} />);
    const header = screen.getByRole('columnheader', { name: /Nombre/ });
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    fireEvent.click(screen.getByRole('button', { name: /Nombre/ }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ sort: 'name', dir: 'desc' }));
    expect(screen.queryByRole('button', { name: /Acciones/ })).not.toBeInTheDocument();
  });

  it('searches 1000 ms after the last keystroke, from page 1', () => {
    const onChange = vi.fn();
    render(<Harness data={page([], 0)} onChange={onChange} />);
    const box = screen.getByPlaceholderText('Buscar en la tabla...');
    fireEvent.change(box, { target: { value: 'an' } });
    act(() => vi.advanceTimersByTime(TABLE_SEARCH_DEBOUNCE_MS - 100));
    fireEvent.change(box, { target: { value: 'ana' } });
    act(() => vi.advanceTimersByTime(TABLE_SEARCH_DEBOUNCE_MS - 1));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'ana', page: 1 }));
  });
});

/** A window `width` px wide (768 px and up by default), whose width can change while the page is open. */
function stubWidth(wide: boolean | number) {
  let width = wide === true ? 1024 : wide === false ? 375 : wide;
  const listeners = new Set<() => void>();
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      media: query,
      get matches() {
        const min = /\(min-width: (\d+)px\)/.exec(query);
        return min ? width >= Number(min[1]) : false;
      },
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    })),
  );
  return (next: boolean | number) => {
    width = next === true ? 1024 : next === false ? 375 : next;
    for (const listener of listeners) listener();
  };
}

describe('DataTable on narrow screens', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the table when matchMedia is missing (as in jsdom)', () => {
    expect(window.matchMedia).toBeUndefined();
    render(<Harness data={page([{ id: '1', name: 'Ana' }], 1)} onChange={() => {}} />);
    expect(screen.getByRole('table', { name: 'Personas' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Ordenar por')).not.toBeInTheDocument();
  });

  it('shows each row as a card of label and value pairs, with its actions last', () => {
    stubWidth(false);
    render(
      <Harness
        data={page(
          [
            { id: '1', name: 'Ana' },
            { id: '2', name: 'Beto' },
          ],
          2,
        )}
        onChange={() => {}}
      />,
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Personas' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = cards[0]!;
    expect(within(first).getByRole('term')).toHaveTextContent('Nombre');
    expect(within(first).getByRole('definition')).toHaveTextContent('Ana');
    // The actions are not a labelled pair: they close the card.
    expect(within(first).queryByText('Acciones')).not.toBeInTheDocument();
    expect(first.lastElementChild).toHaveTextContent('editar');
    expect(screen.getByText('Pagina 1 de 1')).toBeInTheDocument();
  });

  it('names a card field after meta.label when the header is not text', () => {
    stubWidth(false);
    const custom: DataTableColumn<Row>[] = [
      {
        id: 'name',
        header: () => <span>Nombre completo</span>,
        meta: { label: 'Nombre completo' },
        cell: ({ row }) => row.original.name,
      },
    ];
    render(<Harness columns={custom} data={page([{ id: '1', name: 'Ana' }], 1)} onChange={() => {}} />);
    expect(screen.getByRole('term')).toHaveTextContent('Nombre completo');
    expect(screen.getByRole('option', { name: 'Nombre completo' })).toBeInTheDocument();
  });

  it('shows the empty text instead of an empty list', () => {
    stubWidth(false);
    render(<Harness data={page([], 0)} onChange={() => {}} />);
    expect(screen.getByText('No se encontraron datos.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('sorts from the "Ordenar por" picker, which lists only sortable columns, and flips the direction', () => {
    stubWidth(false);
    const onChange = vi.fn();
    render(<Harness data={page([{ id: '1', name: 'Ana' }], 1)} onChange={onChange} />);
    const picker = screen.getByLabelText('Ordenar por');
    expect(picker).toHaveValue('name');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Nombre']);
    fireEvent.click(screen.getByRole('button', { name: 'Orden ascendente' }));
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ sort: 'name', dir: 'desc', page: 1 }),
    );
    expect(screen.getByRole('button', { name: 'Orden descendente' })).toBeInTheDocument();
    // The page-size choices stay next to it.
    expect(screen.getByLabelText('Filas por página')).toBeInTheDocument();
  });

  it('in the admin area, shows cards under 1280 px and the table from there (issue 39)', () => {
    const resize = stubWidth(1024);
    render(
      <TablesWideFrom value={XL_UP}>
        <Harness data={page([{ id: '1', name: 'Ana' }], 1)} onChange={() => {}} />
      </TablesWideFrom>,
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Personas' })).toBeInTheDocument();
    act(() => resize(1279));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    act(() => resize(1280));
    expect(screen.getByRole('cell', { name: 'Ana' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('switches between cards and the table as the window crosses 768 px', () => {
    const resize = stubWidth(false);
    render(<Harness data={page([{ id: '1', name: 'Ana' }], 1)} onChange={() => {}} />);
    expect(screen.getByRole('list', { name: 'Personas' })).toBeInTheDocument();
    act(() => resize(true));
    expect(screen.getByRole('cell', { name: 'Ana' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Ordenar por')).not.toBeInTheDocument();
    act(() => resize(false));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
