import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// A prerendered page makes its toaster's React root only when the first toast is asked for (issue 25).
describe('whenToasterWanted', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('mounts nothing until the first toast, then once, and that toast shows', async () => {
    const { AppToaster, notify, whenToasterWanted } = await import('./toast');
    const mount = vi.fn(() => {
      render(<AppToaster />);
    });
    whenToasterWanted(mount);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(mount).not.toHaveBeenCalled();

    act(() => notify.success('Guardado'));
    expect(mount).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Guardado')).toBeInTheDocument();

    act(() => notify.warning('Otra vez'));
    expect(await screen.findByText('Otra vez')).toBeInTheDocument();
    expect(mount).toHaveBeenCalledTimes(1);
  });

  it('mounts at once when a toast was already asked for', async () => {
    const { notify, whenToasterWanted } = await import('./toast');
    act(() => notify.neutral('Antes'));
    const mount = vi.fn();
    whenToasterWanted(mount);
    expect(mount).toHaveBeenCalledTimes(1);
  });
});
