import type { TWhatsAppMessage } from '@sala/shared/whatsapp/whatsapp.contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { NO_WHATSAPP_CHANNEL, WhatsAppMessagesTable } from './whatsapp-messages-table';

const message = (n: number, over: Partial<TWhatsAppMessage>): TWhatsAppMessage => ({
  id: `e0000000-0000-4000-8000-00000000000${n}`,
  to: '+52 33 1122 3344',
  clientName: 'Valeria Torres',
  template: 'reservacion_confirmada',
  templateTitle: 'Reservación confirmada',
  text: 'Hola Valeria, tu reservación está confirmada: martes 1 de diciembre de 2026, 10:00 a 11:00.',
  status: 'delivered',
  attempts: 1,
  lastError: null,
  nextAttemptAt: null,
  acceptedAt: '2030-01-07T17:00:01.000Z',
  statusAt: '2030-01-07T17:00:05.000Z',
  createdAt: '2030-01-07T17:00:00.000Z',
  ...over,
});

const rows = [
  message(1, { status: 'pending', attempts: 0, acceptedAt: null, statusAt: null, clientName: 'Ana Ruiz' }),
  message(2, { status: 'accepted', clientName: 'Bruno Díaz' }),
  message(3, { status: 'sent', clientName: 'Carla Peña' }),
  message(4, { status: 'delivered', clientName: 'Diego Sol' }),
  message(5, {
    status: 'read',
    clientName: 'Elena Mar',
    template: 'recordatorio_sesion',
    templateTitle: 'Recordatorio 24 horas antes',
  }),
  message(6, {
    status: 'failed',
    clientName: 'Fer Luna',
    to: '+52 55 0000 0000',
    attempts: 3,
    lastError: '131026: el número no tiene WhatsApp',
  }),
];

let calls: string[];
let channel: boolean;

beforeEach(() => {
  calls = [];
  channel = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const status = new URL(url, 'http://x').searchParams.get('status');
      const list = status ? rows.filter((row) => row.status === status) : rows;
      return jsonResponse({ rows: list, total: list.length, page: 1, pageSize: 10, channel });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const renderTable = () =>
  render(
    <QueryClientProvider client={testQueryClient()}>
      <WhatsAppMessagesTable />
    </QueryClientProvider>,
  );

const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

describe('WhatsAppMessagesTable (Administración → Mensajes → WhatsApp)', () => {
  it('asks for the newest first and reads every status in Spanish, a failed one with its error', async () => {
    renderTable();
    await screen.findByText('Ana Ruiz');
    expect(calls[0]).toMatch(/^\/api\/whatsapp\/messages\?page=1&pageSize=10&sort=createdAt&dir=desc$/);
    for (const [name, status, label] of [
      ['Ana Ruiz', 'pending', 'En cola'],
      ['Bruno Díaz', 'accepted', 'Aceptado por WhatsApp'],
      ['Carla Peña', 'sent', 'Enviado'],
      ['Diego Sol', 'delivered', 'Entregado'],
      ['Elena Mar', 'read', 'Leído'],
      ['Fer Luna', 'failed', 'No entregado'],
    ] as const)
      expect(rowOf(name).querySelector(`[data-state="${status}"]`), name).toHaveTextContent(label);

    const failed = rowOf('Fer Luna');
    expect(within(failed).getByText('131026: el número no tiene WhatsApp')).toBeVisible();
    expect(failed).toHaveTextContent('+52 55 0000 0000');
    expect(within(failed).getByRole('cell', { name: '3' })).toBeVisible();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('opens a message to its full text', async () => {
    renderTable();
    const row = (await screen.findByText('Elena Mar')).closest('tr')!;
    const summary = within(row).getByText('Recordatorio 24 horas antes');
    const details = summary.closest('details')!;
    expect(details).not.toHaveAttribute('open');
    await userEvent.setup().click(summary);
    expect(details).toHaveAttribute('open');
    expect(within(details).getByText(/tu reservación está confirmada/)).toBeVisible();
  });

  it('filters by status on the server', async () => {
    renderTable();
    await screen.findByText('Ana Ruiz');
    const select = screen.getByLabelText('Estado');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Todos', 'En cola', 'Aceptado por WhatsApp', 'Enviado', 'Entregado', 'Leído', 'No entregado']);
    await userEvent.setup().selectOptions(select, 'No entregado');
    await vi.waitFor(() => expect(calls.at(-1)).toMatch(/[?&]status=failed/));
    await vi.waitFor(() => expect(screen.queryByText('Ana Ruiz')).toBeNull());
    expect(screen.getByText('Fer Luna')).toBeVisible();
  });

  it('says so where the server has no WhatsApp', async () => {
    channel = false;
    renderTable();
    expect(await screen.findByRole('note')).toHaveTextContent(NO_WHATSAPP_CHANNEL);
    expect(NO_WHATSAPP_CHANNEL).toBe(
      'WhatsApp no está configurado en este servidor: no se escribe ni se envía ningún mensaje por WhatsApp.',
    );
  });
});
