import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

type HarnessProps = Partial<Omit<ConfirmDialogProps, 'open' | 'onOpenChange'>>;

function Harness(props: HarnessProps) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <span data-testid="state">{open ? 'abierto' : 'cerrado'}</span>
      <ConfirmDialog
        title="¿Cancelar la reserva?"
        onConfirm={() => {}}
        {...props}
        open={open}
        onOpenChange={setOpen}
      />
    </>
  );
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function TypedConfirm({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(true);
  const [text, setText] = useState('');
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title="Eliminar sede"
      tone="danger"
      confirmLabel="Eliminar"
      confirmDisabled={text !== 'ELIMINAR'}
      onConfirm={onConfirm}
    >
      <label>
        Escribe ELIMINAR
        <input value={text} onChange={(event) => setText(event.target.value)} />
      </label>
    </ConfirmDialog>
  );
}

describe('ConfirmDialog', () => {
  it('shows title, description and the default Spanish buttons', () => {
    render(<Harness description="Esta acción no se puede deshacer." />);
    const dialog = screen.getByRole('dialog', { name: '¿Cancelar la reserva?' });
    expect(dialog).toHaveAccessibleDescription('Esta acción no se puede deshacer.');
    expect(screen.getByRole('button', { name: 'Confirmar' })).toHaveAttribute('data-variant', 'primary');
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
  });

  it('uses custom labels and the danger tone', () => {
    render(<Harness confirmLabel="Eliminar" cancelLabel="Volver" tone="danger" />);
    expect(screen.getByRole('button', { name: 'Eliminar' }).className).toContain('bg-red-600');
    expect(screen.getByRole('button', { name: 'Volver' })).toBeInTheDocument();
  });

  it('calls onConfirm and closes', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('state')).toHaveTextContent('cerrado');
  });

  it('shows loading while the promise runs, then closes', async () => {
    const user = userEvent.setup();
    const pending = deferred();
    render(<Harness onConfirm={() => pending.promise} />);
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    const confirm = screen.getByRole('button', { name: 'Confirmar' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    // cannot be dismissed with Escape while running
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await act(async () => pending.resolve());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays open and re-enables the button when onConfirm throws', async () => {
    const user = userEvent.setup();
    const pending = deferred();
    const onConfirm = vi.fn(() => pending.promise);
    render(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await act(async () => pending.reject(new Error('fallo')));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByTestId('state')).toHaveTextContent('abierto');
    const confirm = screen.getByRole('button', { name: 'Confirmar' });
    expect(confirm).toBeEnabled();
    expect(confirm).not.toHaveAttribute('aria-busy');
  });

  it('stays open when a synchronous onConfirm throws', async () => {
    const user = userEvent.setup();
    render(
      <Harness
        onConfirm={() => {
          throw new Error('fallo');
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('Cancelar closes without confirming', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('supports a typed confirmation through children and confirmDisabled', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<TypedConfirm onConfirm={onConfirm} />);
    const confirm = screen.getByRole('button', { name: 'Eliminar' });
    expect(confirm).toBeDisabled();
    await user.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Escribe ELIMINAR'), 'ELIMINAR');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
