import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyField } from './copy-field';
import { AppToaster } from './toast';

const original = Object.getOwnPropertyDescriptor(window.navigator, 'clipboard');

function mockClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(window.navigator, 'clipboard', {
    configurable: true,
    value: { writeText },
  });
}

function renderField() {
  // userEvent.setup() installs its own clipboard stub, so set ours up after it.
  const user = userEvent.setup();
  render(
    <>
      <AppToaster />
      <CopyField label="Enlace de pago" value="https://sala.mx/pagar/abc123" />
    </>,
  );
  return user;
}

describe('CopyField', () => {
  afterEach(() => {
    act(() => {
      toast.dismiss();
    });
    if (original) Object.defineProperty(window.navigator, 'clipboard', original);
    else Reflect.deleteProperty(window.navigator, 'clipboard');
  });

  it('shows the value in a labelled read-only input', () => {
    renderField();
    const input = screen.getByLabelText('Enlace de pago');
    expect(input).toHaveValue('https://sala.mx/pagar/abc123');
    expect(input).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Copiar' })).toBeInTheDocument();
  });

  it('copies the value and shows the success toast', async () => {
    const user = renderField();
    const writeText = vi.fn().mockResolvedValue(undefined);
    mockClipboard(writeText);
    await user.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(writeText).toHaveBeenCalledWith('https://sala.mx/pagar/abc123');
    expect(await screen.findByText('Copiado al portapapeles')).toHaveAttribute('data-tone', 'success');
    expect(screen.queryByText('No se pudo copiar, cópialo manualmente.')).not.toBeInTheDocument();
  });

  it('shows the failure toast when the clipboard rejects, and selects the text', async () => {
    const user = renderField();
    mockClipboard(vi.fn().mockRejectedValue(new Error('denied')));
    await user.click(screen.getByRole('button', { name: 'Copiar' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo copiar, cópialo manualmente.');
    expect(screen.queryByText('Copiado al portapapeles')).not.toBeInTheDocument();
    const input = screen.getByLabelText<HTMLInputElement>('Enlace de pago');
    expect(input).toHaveFocus();
    expect(input.selectionStart).toBe(0);
    expect(input.selectionEnd).toBe(input.value.length);
  });

  it('names its button and its toast after what it copies when told', async () => {
    const user = userEvent.setup();
    render(
      <>
        <AppToaster />
        <CopyField
          label="Tu dirección de calendario"
          value="https://sala.mx/calendario/abc.ics"
          copyLabel="Copiar dirección"
          copiedMessage="Dirección copiada"
        />
      </>,
    );
    const writeText = vi.fn().mockResolvedValue(undefined);
    mockClipboard(writeText);
    const button = screen.getByRole('button', { name: 'Copiar dirección' });
    expect(button).toHaveTextContent('Copiar dirección');
    await user.click(button);
    expect(writeText).toHaveBeenCalledWith('https://sala.mx/calendario/abc.ics');
    expect(await screen.findByText('Dirección copiada')).toHaveAttribute('data-tone', 'success');
  });

  it('shows the failure toast when there is no clipboard API', async () => {
    const user = renderField();
    Object.defineProperty(window.navigator, 'clipboard', { configurable: true, value: undefined });
    await user.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(await screen.findByText('No se pudo copiar, cópialo manualmente.')).toBeInTheDocument();
  });
});
