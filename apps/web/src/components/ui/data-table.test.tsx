import type { TPage, TPageState } from '@sala/shared/table/table.contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn, TABLE_SEARCH_DEBOUNCE_MS } from './data-table';

type Row = { id: string; name: string };
const columns: DataTableColumn<Row>[] = [
  { id: 'name', header: 'Nombre', accessorKey: 'name' },
  { id: 'actions', header: 'Acciones', enableSorting: false, cell: () => 'editar' },
];

function Harness({ data, onChange }: { data: TPage<Row>; onChange: (s: TPageState) => void }) {
  const [state, setState] = useState<TPageState>({ page: 1, pageSize: 10, sort: 'name', dir: 'asc' });
  return (
    <DataTable
      columns={columns}
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
