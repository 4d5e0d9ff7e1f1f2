import type { TDayGridResponse } from '@sala/shared/bookings/bookings.contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DayGrid } from './day-grid';

const room1 = { id: '8b2e6c70-3f4d-4e5c-9a0b-2c3d4e5f6071', name: 'Sala 1', position: 1 };
const room2 = { id: '9c3f7d81-4a5e-4f6d-8b1c-3d4e5f607182', name: 'Sala 2', position: 2 };
const sessionId = 'ad4a8e92-5b6f-4a7e-9c2d-4e5f60718293';

const grid: TDayGridResponse = {
  date: '2030-01-07',
  branchId: '7a1d5b6f-2e3c-4d4b-8f9a-1b2c3d4e5f60',
  hours: ['08:00', '09:00', '10:00'],
  dayBlocked: false,
  rooms: [room1, room2],
  cells: [
    {
      roomId: room1.id,
      hour: '08:00',
      state: 'past',
      sessionId: null,
      label: null,
      isCourtesy: false,
      inSeries: false,
    },
    {
      roomId: room1.id,
      hour: '09:00',
      state: 'booked',
      sessionId,
      label: 'Valeria Torres',
      isCourtesy: false,
      inSeries: true,
    },
    {
      roomId: room1.id,
      hour: '10:00',
      state: 'free',
      sessionId: null,
      label: null,
      isCourtesy: false,
      inSeries: false,
    },
    {
      roomId: room2.id,
      hour: '08:00',
      state: 'blocked',
      sessionId: null,
      label: null,
      isCourtesy: false,
      inSeries: false,
    },
    {
      roomId: room2.id,
      hour: '09:00',
      state: 'booked',
      sessionId: 'be5b9fa3-6c7a-4b8f-8d3e-5f60718293a4',
      label: 'Sesion de prueba - Dra. Ruiz',
      isCourtesy: true,
      inSeries: false,
    },
    {
      roomId: room2.id,
      hour: '10:00',
      state: 'free',
      sessionId: null,
      label: null,
      isCourtesy: false,
      inSeries: false,
    },
  ],
  waitlist: [],
};

const cellOf = (room: string, hour: string) => {
  const row = screen.getByRole('row', { name: new RegExp(`^${room}`) });
  const hours = screen.getAllByRole('columnheader').map((header) => header.textContent);
  return within(row).getAllByRole('cell')[hours.indexOf(hour) - 1]!;
};

describe('DayGrid', () => {
  it('shows each room at each hour: booked with the holder, free, blocked and past', () => {
    render(<DayGrid grid={grid} caption="Salas de Providencia por hora" />);
    const table = screen.getByRole('table', { name: 'Salas de Providencia por hora' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Sala', '08:00', '09:00', '10:00']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Sala 1', 'Sala 2']);

    const booked = cellOf('Sala 1', '09:00');
    expect(booked).toHaveAttribute('data-state', 'booked');
    expect(booked).toHaveTextContent('Valeria Torres');
    // Her session is one of a standing slot: the cell says so, to the eye and to a screen reader.
    expect(within(booked).getByTitle('Sala 1 · 09:00 · Valeria Torres (Reserva fija)')).toBeInTheDocument();
    expect(booked).toHaveTextContent('(Reserva fija)');

    const courtesy = cellOf('Sala 2', '09:00');
    expect(courtesy).toHaveTextContent('Dra. Ruiz (Cortesía)');
    expect(courtesy).not.toHaveTextContent('Sesion de prueba');

    expect(cellOf('Sala 1', '08:00')).toHaveTextContent('Pasada');
    expect(cellOf('Sala 1', '10:00')).toHaveTextContent('Libre');
    expect(cellOf('Sala 2', '08:00')).toHaveAttribute('data-state', 'blocked');
    expect(cellOf('Sala 2', '08:00')).toHaveTextContent('Bloqueada');
    expect(screen.queryByText(/Día bloqueado/)).not.toBeInTheDocument();
  });

  it('shows how many clients wait for an hour, to the eye and to a screen reader', () => {
    render(<DayGrid grid={{ ...grid, waitlist: [{ hour: '09:00', count: 2 }] }} caption="Salas" />);
    const header = screen.getByRole('columnheader', { name: /^09:00/ });
    expect(header).toHaveTextContent('2 clientes en lista de espera');
    expect(within(header).getByTitle('2 clientes en lista de espera')).toBeVisible();
    expect(screen.getByRole('columnheader', { name: '10:00' })).not.toHaveTextContent('espera');
  });

  it('explains its colours in a legend', () => {
    render(<DayGrid grid={grid} caption="Salas" />);
    const legend = screen.getByRole('list', { name: 'Simbología' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Libre', 'Reservada', 'Cortesía', 'Bloqueada', 'Pasada']);
  });

  it('says when the whole day is blocked, keeping the sessions already booked', () => {
    const blocked: TDayGridResponse = {
      ...grid,
      dayBlocked: true,
      cells: grid.cells.map((cell) => (cell.state === 'booked' ? cell : { ...cell, state: 'blocked' })),
    };
    render(<DayGrid grid={blocked} caption="Salas" />);
    expect(screen.getByText(/Día bloqueado: esta sucursal no recibe reservas este día/)).toBeInTheDocument();
    expect(cellOf('Sala 1', '09:00')).toHaveTextContent('Valeria Torres');
    expect(cellOf('Sala 1', '10:00')).toHaveAttribute('data-state', 'blocked');
  });

  it('says when the branch does not open that day', () => {
    render(<DayGrid grid={{ ...grid, hours: [], cells: [] }} caption="Salas" />);
    expect(screen.getByText('La sucursal no abre este día.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
