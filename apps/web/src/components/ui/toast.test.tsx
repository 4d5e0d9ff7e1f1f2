import { act, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
});
