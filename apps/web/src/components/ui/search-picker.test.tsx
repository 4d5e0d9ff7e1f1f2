import { QueryClientProvider } from '@tanstack/react-query';
import { act, render as renderOnly, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testQueryClient } from '../../test/query-client';
import { SEARCH_PICKER_DEBOUNCE_MS, SearchPicker } from './search-picker';

/** The picker asks TanStack Query: each test gets a fresh cache. */
const render = (ui: React.ReactElement) =>
  renderOnly(<QueryClientProvider client={testQueryClient()}>{ui}</QueryClientProvider>);

interface Doc {
  id: string;
  name: string;
}

const ana: Doc = { id: 'p1', name: 'Ana López' };
const andres: Doc = { id: 'p2', name: 'Andrés Ruiz' };

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function setup(search: (term: string) => Promise<Doc[]>, selected: Doc | null = null) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const onSelect = vi.fn();
  render(<SearchPicker label="Paciente" search={search} onSelect={onSelect} selected={selected} />);
  const input = screen.getByRole('combobox', { name: 'Paciente' });
  return { user, onSelect, input };
}

function Harness() {
  const [selected, setSelected] = useState<Doc | null>(ana);
  return (
    <>
      <SearchPicker label="Paciente" search={async () => []} onSelect={setSelected} selected={selected} />
      <button type="button" onClick={() => setSelected(andres)}>
        Cambiar
      </button>
      <button type="button" onClick={() => setSelected(null)}>
        Limpiar
      </button>
    </>
  );
}

describe('SearchPicker', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('exports a 500 ms debounce and has the default placeholder and combobox wiring', () => {
    expect(SEARCH_PICKER_DEBOUNCE_MS).toBe(500);
    const { input } = setup(vi.fn());
    expect(input).toHaveAttribute('placeholder', 'Buscar...');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    const listbox = document.getElementById(input.getAttribute('aria-controls')!);
    expect(listbox).toHaveAttribute('role', 'listbox');
  });

  it('does not search before 500 ms of quiet and searches once after', async () => {
    const search = vi.fn().mockResolvedValue([ana]);
    const { user, input } = setup(search);

    await user.type(input, 'an');
    await advance(300);
    await user.type(input, 'a');
    await advance(300); // 600 ms since the first key, but only 300 ms since the last one
    expect(search).not.toHaveBeenCalled();

    await advance(100); // 400 ms since the last key (margin for shouldAdvanceTime's real-time drift)
    expect(search).not.toHaveBeenCalled();
    await advance(100);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('ana');
  });

  it("shows 'Cargando...' while searching, then the results; selects with the keyboard", async () => {
    const pending = deferred<Doc[]>();
    const search = vi.fn().mockReturnValue(pending.promise);
    const { user, input, onSelect } = setup(search);

    await user.type(input, 'an');
    await advance(SEARCH_PICKER_DEBOUNCE_MS);
    expect(screen.getByText('Cargando...')).toBeVisible();
    expect(input).toHaveAttribute('aria-expanded', 'true');

    await act(async () => pending.resolve([ana, andres]));

    await advance(1); // TanStack Query tells React on its next tick
    expect(screen.queryByText('Cargando...')).not.toBeInTheDocument();
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Ana López', 'Andrés Ruiz']);

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(options[0]).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{Enter}');

    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect).toHaveBeenCalledWith(andres);
    expect(input).toHaveValue('Andrés Ruiz');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    await advance(SEARCH_PICKER_DEBOUNCE_MS * 2);
    expect(search).toHaveBeenCalledTimes(1); // choosing does not trigger another search
  });

  it('ArrowUp wraps to the last option', async () => {
    const { user, input, onSelect } = setup(vi.fn().mockResolvedValue([ana, andres]));
    await user.type(input, 'an');
    await advance(SEARCH_PICKER_DEBOUNCE_MS);
    await screen.findByRole('option', { name: 'Ana López' });
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onSelect).toHaveBeenCalledWith(andres);
  });

  it('selects with the mouse', async () => {
    const { user, input, onSelect } = setup(vi.fn().mockResolvedValue([ana, andres]));
    await user.type(input, 'an');
    await advance(SEARCH_PICKER_DEBOUNCE_MS);
    await user.click(await screen.findByRole('option', { name: 'Ana López' }));
    expect(onSelect).toHaveBeenCalledWith(ana);
    expect(input).toHaveValue('Ana López');
  });

  it("shows 'No se encontraron resultados.' when nothing matches", async () => {
    const { user, input } = setup(vi.fn().mockResolvedValue([]));
    await user.type(input, 'zz');
    await advance(SEARCH_PICKER_DEBOUNCE_MS);
    expect(await screen.findByText('No se encontraron resultados.')).toBeVisible();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('Escape closes the list without selecting', async () => {
    const { user, input, onSelect } = setup(vi.fn().mockResolvedValue([ana]));
    await user.type(input, 'an');
    await advance(SEARCH_PICKER_DEBOUNCE_MS);
    await screen.findByRole('option', { name: 'Ana López' });
    await user.keyboard('{ArrowDown}{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(onSelect).not.toHaveBeenCalled();
    expect(input).toHaveValue('an');
  });

  it('ignores a slower, earlier response', async () => {
    const first = deferred<Doc[]>();
    const second = deferred<Doc[]>();
    const search = vi.fn((term: string) => (term === 'a' ? first.promise : second.promise));
    const { user, input } = setup(search);

    await user.type(input, 'a');
    await advance(SEARCH_PICKER_DEBOUNCE_MS);
    await user.type(input, 'nd');
    await advance(SEARCH_PICKER_DEBOUNCE_MS);
    expect(search.mock.calls.map(([term]) => term)).toEqual(['a', 'and']);

    await act(async () => second.resolve([andres]));

    await advance(1); // TanStack Query tells React on its next tick
    expect(screen.getByRole('option', { name: 'Andrés Ruiz' })).toBeInTheDocument();

    await act(async () => first.resolve([ana]));

    await advance(1); // TanStack Query tells React on its next tick
    expect(screen.queryByRole('option', { name: 'Ana López' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Andrés Ruiz']);
  });

  it('does not search for a blank term', async () => {
    const search = vi.fn().mockResolvedValue([ana]);
    const { user, input } = setup(search);
    await user.type(input, '   ');
    await advance(SEARCH_PICKER_DEBOUNCE_MS * 2);
    expect(search).not.toHaveBeenCalled();
  });

  it('shows the selected document name and follows external changes', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Paciente' });
    expect(input).toHaveValue('Ana López');
    await user.click(screen.getByRole('button', { name: 'Cambiar' }));
    expect(input).toHaveValue('Andrés Ruiz');
    await user.click(screen.getByRole('button', { name: 'Limpiar' }));
    expect(input).toHaveValue('');
  });

  it('restores the selected name when leaving an unfinished search', async () => {
    const search = vi.fn().mockResolvedValue([andres]);
    const { user, input } = setup(search, ana);
    await user.clear(input);
    await user.type(input, 'xx');
    await user.tab();
    expect(input).toHaveValue('Ana López');
    await advance(SEARCH_PICKER_DEBOUNCE_MS * 2);
    expect(search).not.toHaveBeenCalled();
  });

  it('shows the error state', () => {
    render(<SearchPicker label="Paciente" search={vi.fn()} onSelect={vi.fn()} error="Elige un paciente" />);
    const input = screen.getByRole('combobox', { name: 'Paciente' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Elige un paciente');
  });
});
