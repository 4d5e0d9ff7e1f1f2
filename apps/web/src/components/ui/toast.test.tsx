import { act, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeFlash } from '../../lib/flash';
import { LEAVING_EVENT } from '../../lib/navigation';
import { AppToaster, notify, TOAST_DURATION_MS } from './toast';

describe('notify', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    toast.dismiss();
    vi.useRealTimers();
  });

  it.each(['success', 'warning', 'neutral'] as const)('shows a %s toast in its tone', async (tone) => {
    render(<AppToaster />);
    act(() => {
      notify[tone](`Hecho ${tone}`);
    });
    const toastEl = await screen.findByText(`Hecho ${tone}`);
    expect(toastEl).toHaveAttribute('data-tone', tone);
  });

  it('shows the spec default text for an error without a message, in red', async () => {
    render(<AppToaster />);
    act(() => {
      notify.error();
    });
    const toastEl = await screen.findByRole('alert');
    expect(toastEl).toHaveTextContent('Oh no algo salió mal, ¡inténtalo de nuevo!');
    expect(toastEl).toHaveAttribute('data-tone', 'error');
  });

  it('replaces the toast of the same id instead of piling another under it (issue 39)', async () => {
    render(<AppToaster />);
    act(() => {
      notify.error('Escribe cancelar orden para confirmar.', { id: 'cancel-order' });
    });
    await screen.findByText('Escribe cancelar orden para confirmar.');
    act(() => {
      notify.error('La orden ya está cancelada.', { id: 'cancel-order' });
    });
    await screen.findByText('La orden ya está cancelada.');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText('Escribe cancelar orden para confirmar.')).not.toBeInTheDocument();
    // A toast of another form still stacks.
    act(() => {
      notify.error('No se pudo bloquear.', { id: 'day-block-form' });
    });
    await screen.findByText('No se pudo bloquear.');
    expect(screen.getAllByRole('alert')).toHaveLength(2);
  });

  it('appears at the bottom centre, away from the navigation at the top', async () => {
    render(<AppToaster />);
    act(() => {
      notify.success('Abajo');
    });
    await screen.findByText('Abajo');
    const toaster = document.querySelector('[data-sonner-toaster]');
    expect(toaster).toHaveAttribute('data-y-position', 'bottom');
    expect(toaster).toHaveAttribute('data-x-position', 'center');
  });

  it('goes away after 3000 ms', async () => {
    render(<AppToaster />);
    act(() => {
      notify.success('Temporal');
    });
    expect(await screen.findByText('Temporal')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TOAST_DURATION_MS + 1000);
    });
    expect(screen.queryByText('Temporal')).not.toBeInTheDocument();
  });

  it('carries a toast still on screen to the next page when this one gives way to it, and only then', () => {
    const clock = vi.spyOn(performance, 'now');
    clock.mockReturnValue(10_000);
    notify.warning('Tu sesión terminó');
    // 2.5 s later (a busy phone) the page leaves: the next one shows it.
    clock.mockReturnValue(12_500);
    window.dispatchEvent(new Event(LEAVING_EVENT));
    expect(takeFlash()).toEqual({ tone: 'warning', message: 'Tu sesión terminó' });
    // Once it has gone from the screen, leaving carries nothing.
    clock.mockReturnValue(10_000 + TOAST_DURATION_MS + 1);
    window.dispatchEvent(new Event(LEAVING_EVENT));
    expect(takeFlash()).toBeNull();
    clock.mockRestore();
  });
});
