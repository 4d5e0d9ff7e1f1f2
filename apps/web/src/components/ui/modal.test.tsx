import { QueryClientProvider } from '@tanstack/react-query';
import { render as renderOnly, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testQueryClient } from '../../test/query-client';
import { Modal } from './modal';
import { SearchPicker } from './search-picker';

/** The search picker asks TanStack Query: each test gets a fresh cache. */
const render = (ui: React.ReactElement) =>
  renderOnly(<QueryClientProvider client={testQueryClient()}>{ui}</QueryClientProvider>);

function Harness({ description, onClose }: { description?: string; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <Modal
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) onClose?.();
        }}
        title="Nuevo consultorio"
        description={description}
        footer={<button type="button">Guardar</button>}
      >
        <label>
          Nombre
          <input />
        </label>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('renders nothing while closed', () => {
    render(<Harness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens as an accessible dialog with title, description, content and footer', async () => {
    const user = userEvent.setup();
    render(<Harness description="Completa los datos." />);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    const dialog = screen.getByRole('dialog', { name: 'Nuevo consultorio' });
    expect(dialog).toHaveAccessibleDescription('Completa los datos.');
    // Modal: the page behind is covered and out of the reading order.
    expect(screen.getByTestId('modal-overlay')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Abrir' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abrir', hidden: true })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Nuevo consultorio' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeInTheDocument();
    // focus moves into the dialog
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('has no aria-describedby and no radix warning without a description', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(screen.getByRole('dialog')).not.toHaveAttribute('aria-describedby');
    expect(warn).not.toHaveBeenCalled();
  });

  it('closes with Escape and with the Cerrar button', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    // focus returns to the trigger
    await waitFor(() => expect(screen.getByRole('button', { name: 'Abrir' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('Escape on an expanded combobox inside closes only the list, not the modal', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    const { rerender } = render(
      <Modal open onOpenChange={onOpenChange} title="Buscar">
        <input role="combobox" aria-label="Paciente" aria-expanded="true" aria-controls="lista" />
      </Modal>,
    );
    screen.getByRole('combobox', { name: 'Paciente' }).focus();
    await user.keyboard('{Escape}');
    expect(onOpenChange).not.toHaveBeenCalled();

    rerender(
      <Modal open onOpenChange={onOpenChange} title="Buscar">
        <input role="combobox" aria-label="Paciente" aria-expanded="false" aria-controls="lista" />
      </Modal>,
    );
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('with a real SearchPicker: first Escape closes the results, the second closes the modal', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(
      <Modal open onOpenChange={onOpenChange} title="Agregar paciente">
        <SearchPicker
          label="Paciente"
          search={async () => [{ id: 'p1', name: 'Ana López' }]}
          onSelect={vi.fn()}
        />
      </Modal>,
    );
    await user.type(screen.getByRole('combobox', { name: 'Paciente' }), 'an');
    expect(await screen.findByRole('option', { name: 'Ana López' }, { timeout: 2000 })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
