import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pencil } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { IconButton } from './icon-button';
import { PageHeader } from './page-header';
import { StatusBadge } from './status-badge';
import { TextAreaField } from './textarea-field';

describe('IconButton', () => {
  it('is a named button that does not submit forms', async () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: React.FormEvent) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <IconButton icon={Pencil} label="Editar Sala 3" onClick={onClick} />
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Editar Sala 3' });
    expect(button).toHaveAttribute('title', 'Editar Sala 3');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('StatusBadge', () => {
  it('reads Activo or Inactivo', () => {
    const { rerender } = render(<StatusBadge isActive />);
    expect(screen.getByText('Activo')).toBeInTheDocument();
    rerender(<StatusBadge isActive={false} />);
    expect(screen.getByText('Inactivo')).toBeInTheDocument();
  });
});

describe('TextAreaField', () => {
  it('labels the text area and ties the error to it', () => {
    render(<TextAreaField label="Descripción" error="Valida los campos obligatorios" />);
    const area = screen.getByRole('textbox', { name: 'Descripción' });
    expect(area).toHaveAttribute('aria-invalid', 'true');
    expect(area).toHaveAccessibleDescription('Valida los campos obligatorios');
  });
});

describe('PageHeader', () => {
  it('shows the title as the page heading, with its actions', () => {
    render(
      <PageHeader
        title="Zonas"
        description="Las ciudades"
        actions={<button type="button">Nueva zona</button>}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Zonas' })).toBeInTheDocument();
    expect(screen.getByText('Las ciudades')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nueva zona' })).toBeInTheDocument();
  });
});
