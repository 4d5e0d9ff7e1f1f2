import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

describe('the lazy toaster', () => {
  it('loads nothing until the first toast, survives a failed load and tries again with the next toast', async () => {
    let loads = 0;
    let fail = true;
    vi.doMock('sonner', async (importOriginal) => {
      loads += 1;
      if (fail) throw new Error('chunk failed to load');
      return importOriginal();
    });
    const { AppToaster, notify } = await import('./toast');
    render(
      <main>
        <p>Página</p>
        <AppToaster />
      </main>,
    );
    expect(loads).toBe(0);

    act(() => notify.success('Primero'));
    await vi.waitFor(() => expect(loads).toBe(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByText('Página')).toBeInTheDocument();

    fail = false;
    act(() => notify.success('Segundo'));
    expect(await screen.findByText('Segundo')).toBeInTheDocument();
    // The toast asked for while sonner was missing shows too, once it is there.
    expect(await screen.findByText('Primero')).toBeInTheDocument();
  });
});
