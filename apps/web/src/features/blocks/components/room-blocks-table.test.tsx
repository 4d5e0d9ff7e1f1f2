import type { TRoomBlockDay } from '@sala/shared/blocks/blocks.contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { RoomBlocksTable } from './room-blocks-table';

const SALA_1 = '8b2e6c70-3f4d-4e5c-9a0b-2c3d4e5f6071';
const SALA_2 = '9c3f7d81-4a5e-4f6d-8b1c-3d4e5f607182';
const HOURS = ['08', '09', '10', '11', '12', '13', '14', '15', '16', '17', '18', '19', '20'].map(
  (h) => `${h}:00`,
);

const day = (roomId: string, hours: string[], first: number): TRoomBlockDay => ({
  cityId: 'c0000000-0000-4000-8000-000000000001',
  cityName: 'Guadalajara',
  branchId: 'b0000000-0000-4000-8000-000000000001',
  branchName: 'Providencia',
  roomId,
  roomName: roomId === SALA_1 ? 'Sala 1' : 'Sala 2',
  date: '2030-01-07',
  createdAt: '2030-01-01T00:00:00.000Z',
  hours: hours.map((hour, i) => ({
    id: `00000000-0000-4000-8000-${String(first + i).padStart(12, '0')}`,
    startsAt: `2030-01-07T${String(Number(hour.slice(0, 2)) + 6).padStart(2, '0')}:00:00.000Z`,
    hour,
  })),
});

// As the API pages them: one row per room and day (Sala 1's whole day, Sala 2's one hour).
const rows = [day(SALA_1, HOURS, 1), day(SALA_2, ['10:00'], 99)];

function renderTable() {
  const fetch = vi.fn(async (_url: string) =>
    jsonResponse({ rows, total: rows.length, page: 1, pageSize: 10, pastCount: 0 }),
  );
  vi.stubGlobal('fetch', fetch);
  const client = testQueryClient();
  render(
    <QueryClientProvider client={client}>
      <RoomBlocksTable canEdit />
    </QueryClientProvider>,
  );
  return fetch;
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Salas bloqueadas' }))
    .getAllByRole('row')
    .slice(1);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RoomBlocksTable', () => {
  it('shows a room blocked for a whole day as one row, its hours a click away', async () => {
    renderTable();
    await screen.findByText('Sala 2');
    expect(bodyRows()).toHaveLength(2);
    const [day, hour] = bodyRows();
    expect(day).toHaveTextContent('Sala 1');
    expect(day).toHaveTextContent('08:00 a 21:00');
    expect(hour).toHaveTextContent('Sala 2');
    expect(hour).toHaveTextContent('10:00');

    const user = userEvent.setup();
    const toggle = within(day!).getByRole('button', { name: 'Ver las 13 horas' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // Each hour can still be cancelled on its own; the day at once from the row's actions.
    const cancelOne = within(day!).getAllByRole('button', {
      name: /^Cancelar bloqueo: Sala 1 de Providencia/,
    });
    expect(cancelOne).toHaveLength(13);
    expect(cancelOne[10]).toHaveAccessibleName(
      'Cancelar bloqueo: Sala 1 de Providencia, lunes 7 de enero de 2030, 18:00',
    );
    expect(within(day!).getAllByRole('button', { name: /^Cancelar todo el día/ })).toHaveLength(1);
    // One hour is cancelled by its own id.
    await user.click(cancelOne[10]!);
    expect(await screen.findByRole('dialog', { name: 'Cancelar Bloqueo' })).toHaveTextContent(
      'Sala 1 de Providencia el lunes 7 de enero de 2030 a las 18:00',
    );
  });
});
