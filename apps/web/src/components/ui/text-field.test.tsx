import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { TextField } from './text-field';

function Form({ onValid }: { onValid: (values: { name: string }) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ name: string }>({ defaultValues: { name: '' } });
  return (
    <form onSubmit={handleSubmit((values) => onValid(values))}>
      <TextField
        label="Nombre"
        {...register('name', { required: 'El nombre es obligatorio' })}
        error={errors.name?.message}
      />
      <button type="submit">Guardar</button>
    </form>
  );
}

describe('TextField', () => {
  it('ties the label to the input and has no error state by default', () => {
    render(<TextField label="Nombre" placeholder="Tu nombre" />);
    const input = screen.getByLabelText('Nombre');
    expect(input).toHaveAttribute('placeholder', 'Tu nombre');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('shows the error under the input, red border, aria-invalid and aria-describedby', () => {
    render(<TextField label="Correo" error="Correo inválido" aria-describedby="ayuda" />);
    const input = screen.getByLabelText('Correo');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    const error = screen.getByText('Correo inválido');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toEqual(['ayuda', error.id]);
    expect(input).toHaveAccessibleDescription('Correo inválido');
  });

  it('passes native props and ref through, and reports typing', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const ref = createRef<HTMLInputElement>();
    render(<TextField label="Teléfono" type="tel" name="phone" ref={ref} onChange={onChange} required />);
    const input = screen.getByRole('textbox', { name: /Teléfono/ });
    expect(ref.current).toBe(input);
    expect(input).toHaveAttribute('type', 'tel');
    expect(input).toHaveAttribute('name', 'phone');
    expect(input).toBeRequired();
    await user.type(input, '55');
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(input).toHaveValue('55');
  });

  it('keeps a caller-provided id', () => {
    render(<TextField label="Clave" id="clave" />);
    expect(screen.getByLabelText('Clave')).toHaveAttribute('id', 'clave');
  });

  it('works with react-hook-form register()', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El nombre es obligatorio')).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre')).toHaveAttribute('aria-invalid', 'true');
    expect(onValid).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Nombre'), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(onValid).toHaveBeenCalledWith({ name: 'Ana' });
  });
});
