import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActiveToggle } from './active-toggle';
import { AppToaster } from './toast';

afterEach(() => {
  toast.dismiss();
});

describe('ActiveToggle', () => {
  it('asks before deactivating, then flips and shows a grey toast', async () => {
    const onChange = vi.fn().mockResolvedValue(undefined);
    render(
      <>
        <ActiveToggle isActive itemName="Ana" onChange={onChange} />
        <AppToaster />
      </>,
    );
    await userEvent.click(screen.getByRole('switch', { name: 'Desactivar Ana' }));
    expect(screen.getByText('¿Seguro que deseas desactivar este elemento?')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Desactivar' }));
    expect(onChange).toHaveBeenCalledWith(false);
    const toastEl = await screen.findByText('Elemento desactivado con éxito');
    expect(toastEl).toHaveAttribute('data-tone', 'neutral');
  });

  it('activates with a green toast', async () => {
    const onChange = vi.fn().mockResolvedValue(undefined);
    render(
      <>
        <ActiveToggle isActive={false} itemName="Sala 1" onChange={onChange} />
        <AppToaster />
      </>,
    );
    await userEvent.click(screen.getByRole('switch', { name: 'Activar Sala 1' }));
    expect(screen.getByText('¿Seguro que deseas activar este elemento?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Activar' }));
    expect(onChange).toHaveBeenCalledWith(true);
    expect(await screen.findByText('Elemento activado con éxito')).toHaveAttribute('data-tone', 'success');
  });

  it('does nothing when cancelled and keeps the dialog open when saving fails', async () => {
    const onChange = vi.fn().mockRejectedValue(new Error('no'));
    render(<ActiveToggle isActive itemName="Ana" onChange={onChange} />);
    await userEvent.click(screen.getByRole('switch'));
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('switch'));
    await userEvent.click(screen.getByRole('button', { name: 'Desactivar' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
