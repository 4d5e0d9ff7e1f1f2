import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ActiveStatus } from './active-status';
import { AdminScreen, actionsColumn } from './admin-screen';
import { FormActions } from './form-actions';

describe('AdminScreen', () => {
  it('offers the create button only to those who may create', async () => {
    const onCreate = vi.fn();
    const { rerender } = render(
      <AdminScreen title="Zonas" description="Ciudades" createLabel="Nueva zona" onCreate={onCreate}>
        <p>tabla</p>
      </AdminScreen>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Nueva zona' }));
    expect(onCreate).toHaveBeenCalledOnce();
    rerender(
      <AdminScreen title="Zonas" description="Ciudades" createLabel="Nueva zona">
        <p>tabla</p>
      </AdminScreen>,
    );
    expect(screen.queryByRole('button', { name: 'Nueva zona' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Zonas' })).toBeInTheDocument();
    expect(screen.getByText('tabla')).toBeInTheDocument();
  });

  it('has an Acciones column only when visible', () => {
    expect(actionsColumn(false, () => null)).toEqual([]);
    const [column] = actionsColumn(true, () => null);
    expect(column).toMatchObject({ id: 'actions', header: 'Acciones', enableSorting: false });
  });
});

describe('ActiveStatus', () => {
  it('is a toggle for those who may change it and a badge for the rest', () => {
    const { rerender } = render(<ActiveStatus canChange isActive itemName="Sala 1" onChange={vi.fn()} />);
    expect(screen.getByRole('switch', { name: 'Desactivar Sala 1' })).toBeInTheDocument();
    rerender(<ActiveStatus canChange={false} isActive itemName="Sala 1" onChange={vi.fn()} />);
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.getByText('Activo')).toBeInTheDocument();
  });
});

describe('FormActions', () => {
  it('cancels without submitting and submits with Guardar', async () => {
    const onCancel = vi.fn();
    const onSubmit = vi.fn((event: React.FormEvent) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <FormActions onCancel={onCancel} saving={false} />
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('shows the save in progress', () => {
    render(<FormActions onCancel={vi.fn()} saving />);
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeDisabled();
  });
});
