import type { TOutboxEmail } from '@sala/shared/mail/outbox.contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../components/ui/toast';
import { jsonResponse } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { OutboxTable } from './outbox-table';

const email = (id: string, over: Partial<TOutboxEmail>): TOutboxEmail => ({
  id,
  to: 'cliente@example.com',
  subject: 'Reservacion confirmada',
  text: 'Hola',
  status: 'sent',
  attempts: 1,
  lastError: null,
  nextAttemptAt: null,
  lastAttemptAt: '2030-01-07T17:00:00.000Z',
  sentAt: '2030-01-07T17:00:01.000Z',
  createdAt: '2030-01-07T17:00:00.000Z',
  ...over,
});

const failed = email('e0000000-0000-4000-8000-000000000002', {
  to: 'nadie@example.com',
  subject: 'Recibo de tu compra en Sala Común',
  status: 'failed',
  attempts: 8,
  lastError: '550 5.1.1 Buzón inexistente',
  sentAt: null,
});
const pending = email('e0000000-0000-4000-8000-000000000003', {
  status: 'pending',
  attempts: 1,
  lastError: 'connect ECONNREFUSED 127.0.0.1:25',
  nextAttemptAt: '2030-01-07T17:01:00.000Z',
  sentAt: null,
});
const rows = [email('e0000000-0000-4000-8000-000000000001', {}), failed, pending];

let calls: { url: string; method: string }[];
let retryAnswer: () => Response;
let mailServer: boolean;

beforeEach(() => {
  calls = [];
  mailServer = true;
  retryAnswer = () => jsonResponse({ ...failed, status: 'sent', attempts: 9, lastError: null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? 'GET' });
      if (url.endsWith('/retry')) return retryAnswer();
      const status = new URL(url, 'http://x').searchParams.get('status');
      const list = status ? rows.filter((row) => row.status === status) : rows;
      return jsonResponse({ rows: list, total: list.length, page: 1, pageSize: 10, mailServer });
    }),
  );
  vi.spyOn(notify, 'success').mockImplementation(() => {});
  vi.spyOn(notify, 'warning').mockImplementation(() => {});
  vi.spyOn(notify, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderTable = () =>
  render(
    <QueryClientProvider client={testQueryClient()}>
      <OutboxTable />
    </QueryClientProvider>,
  );

describe('OutboxTable (/admin/correos)', () => {
  it('shows each message with its status badge, attempts, last error and next attempt', async () => {
    renderTable();
    const failedRow = (await screen.findByText('nadie@example.com')).closest('tr')!;
    expect(within(failedRow).getByText('Fallido')).toHaveAttribute('data-state', 'failed');
    expect(within(failedRow).getByText('8 intentos')).toBeVisible();
    expect(within(failedRow).getByText('550 5.1.1 Buzón inexistente')).toBeVisible();
    expect(within(failedRow).getByRole('button', { name: /Reintentar/ })).toBeVisible();

    const pendingRow = screen.getByText('connect ECONNREFUSED 127.0.0.1:25').closest('tr')!;
    expect(within(pendingRow).getByText('Pendiente')).toHaveAttribute('data-state', 'pending');
    expect(within(pendingRow).getByText(/^Próximo intento/)).toBeVisible();
    expect(within(pendingRow).queryByRole('button', { name: /Reintentar/ })).toBeNull();

    const sentBadge = screen.getAllByText('Enviado').find((el) => el.dataset.state === 'sent')!;
    const sentRow = sentBadge.closest('tr')!;
    expect(within(sentRow).getByText('1 intento')).toBeVisible();
    // When it went out, the date over the time.
    expect(sentRow).toHaveTextContent(/Enviado 7 ene 2030 11:00/);
    expect(within(sentRow).queryByRole('button', { name: /Reintentar/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: /Reintentar/ })).toHaveLength(1);
  });

  it('filters by status on the server', async () => {
    renderTable();
    await screen.findByText('nadie@example.com');
    await userEvent.setup().selectOptions(screen.getByLabelText('Estado'), 'Fallido');
    await vi.waitFor(() => expect(calls.at(-1)!.url).toMatch(/[?&]status=failed/));
    await vi.waitFor(() => expect(screen.queryByText('connect ECONNREFUSED 127.0.0.1:25')).toBeNull());
    expect(screen.getByText('nadie@example.com')).toBeVisible();
  });

  it('Reintentar posts the retry and says whether it went out', async () => {
    renderTable();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reintentar el correo a nadie@example.com' }));
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Correo enviado de nuevo'));
    expect(calls).toContainEqual({ url: `/api/outbox/${failed.id}/retry`, method: 'POST' });

    retryAnswer = () => jsonResponse({ ...failed, status: 'pending', attempts: 9 });
    await user.click(screen.getByRole('button', { name: 'Reintentar el correo a nadie@example.com' }));
    await vi.waitFor(() =>
      expect(notify.warning).toHaveBeenCalledWith(
        'El correo volvió a la cola; se enviará en cuanto el servidor de correo responda.',
      ),
    );

    retryAnswer = () =>
      jsonResponse(
        { error: { code: 'aborted', message: 'Solo se puede reintentar un correo fallido.' } },
        409,
      );
    await user.click(screen.getByRole('button', { name: 'Reintentar el correo a nadie@example.com' }));
    await vi.waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('Solo se puede reintentar un correo fallido.'),
    );
  });

  it('without a mail server says so, and reads its messages as kept, not pending', async () => {
    mailServer = false;
    const held = email('e0000000-0000-4000-8000-000000000004', {
      to: 'nueva@example.com',
      status: 'held',
      attempts: 0,
      lastAttemptAt: null,
      sentAt: null,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ rows: [held], total: 1, page: 1, pageSize: 10, mailServer })),
    );
    renderTable();
    const row = (await screen.findByText('nueva@example.com')).closest('tr')!;
    expect(within(row).getByText('Sin servidor de correo')).toHaveAttribute('data-state', 'held');
    expect(within(row).queryByText(/Próximo intento/)).toBeNull();
    expect(screen.getByRole('note')).toHaveTextContent('no tiene configurado el envío de correos');
    // Said for the business, not the server's settings (issue 39).
    expect(screen.getByRole('note')).toHaveTextContent('no llegan a sus destinatarios');
    expect(screen.getByRole('note')).not.toHaveTextContent(/SMTP/);
    expect(
      within(screen.getByLabelText('Estado')).getByRole('option', { name: 'Sin servidor de correo' }),
    ).toBeDefined();
    expect(within(screen.getByLabelText('Estado')).queryByRole('option', { name: 'Pendiente' })).toBeNull();
  });
});
