import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NameLookup } from './name-lookup';

function renderWithClient(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  return { ...result, client };
}

describe('NameLookup', () => {
  it("shows 'Cargando...' and then the loaded name", async () => {
    let resolve!: (name: string) => void;
    const load = vi.fn(() => new Promise<string>((res) => (resolve = res)));
    renderWithClient(<NameLookup kind="room" id="r1" load={load} />);
    expect(screen.getByText('Cargando...')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('r1');
    await act(async () => resolve('Sala Azul'));
    expect(await screen.findByText('Sala Azul')).toBeInTheDocument();
    expect(screen.queryByText('Cargando...')).not.toBeInTheDocument();
  });

  it("shows 'No encontrado' when loading fails", async () => {
    const load = vi.fn().mockRejectedValue(new Error('404'));
    renderWithClient(<NameLookup kind="room" id="nope" load={load} />);
    expect(await screen.findByText('No encontrado')).toBeInTheDocument();
    expect(screen.queryByText('Cargando...')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('caches by kind and id: repeated lookups load once', async () => {
    const load = vi.fn(async (id: string) => `Sede ${id}`);
    const { client } = renderWithClient(
      <>
        <NameLookup kind="location" id="l1" load={load} />
        <NameLookup kind="location" id="l1" load={load} />
        <NameLookup kind="location" id="l2" load={load} />
      </>,
    );
    expect(await screen.findAllByText('Sede l1')).toHaveLength(2);
    expect(await screen.findByText('Sede l2')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(client.getQueryData(['name-lookup', 'location', 'l1'])).toBe('Sede l1');
  });

  it('keeps different kinds apart', async () => {
    const loadRoom = vi.fn(async () => 'Sala Azul');
    const loadLocation = vi.fn(async () => 'Sede Centro');
    renderWithClient(
      <>
        <NameLookup kind="room" id="x" load={loadRoom} />
        <NameLookup kind="location" id="x" load={loadLocation} />
      </>,
    );
    expect(await screen.findByText('Sala Azul')).toBeInTheDocument();
    expect(await screen.findByText('Sede Centro')).toBeInTheDocument();
  });

  it("shows 'No encontrado' without loading for an empty id", () => {
    const load = vi.fn();
    renderWithClient(<NameLookup kind="room" id="" load={load} />);
    expect(screen.getByText('No encontrado')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });
});
