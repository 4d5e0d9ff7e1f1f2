import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testQueryClient } from '../../../test/query-client';
import { ProductFormDialog } from './product-form-dialog';

function renderForm() {
  const client = testQueryClient();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <ProductFormDialog onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ProductFormDialog', () => {
  it('says which fields are missing and which numbers are wrong, without calling the API', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findAllByText('Valida los campos obligatorios')).toHaveLength(3);
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Precio (pesos)' }), '-3');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Verifica tus valores numericos')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('marks every required field, and counts the name and description against their limits (issue 39)', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderForm();
    for (const field of [
      screen.getByRole('textbox', { name: 'Nombre' }),
      screen.getByRole('textbox', { name: 'Descripción' }),
      screen.getByRole('spinbutton', { name: 'Precio (pesos)' }),
      screen.getByRole('combobox', { name: 'Tipo' }),
    ]) {
      expect(field).toBeRequired();
      expect(document.querySelector(`label[for="${field.id}"]`)).toHaveTextContent(/\*$/);
    }
    const description = screen.getByRole('textbox', { name: 'Descripción' });
    expect(description).toHaveAccessibleDescription('0 de 500 caracteres');
    await userEvent.type(description, 'Cinco sesiones');
    expect(description).toHaveAccessibleDescription('14 de 500 caracteres');
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveAccessibleDescription('0 de 80 caracteres');

    // Past the limit the refusal says what the limit is.
    await userEvent.click(description);
    await userEvent.paste('x'.repeat(500));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText('El texto es demasiado largo: máximo 500 caracteres.'),
    ).toBeInTheDocument();
    expect(screen.getByText('514/500')).toBeInTheDocument();
  });

  it('turns the service flag off when the type changes, and off for point of sale', async () => {
    renderForm();
    const service = screen.getByRole('checkbox', { name: /Es un servicio/ });
    await userEvent.click(service);
    expect(service).toBeChecked();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Tipo/ }), 'pos');
    expect(service).not.toBeChecked();
    expect(service).toBeDisabled();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Tipo/ }), 'online');
    expect(service).toBeEnabled();
    expect(service).not.toBeChecked();
  });

  it('sends the price in pesos', async () => {
    const fetch = vi.fn().mockResolvedValue(new Response(JSON.stringify({ id: 'x' }), { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    const { onClose } = renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Paquete Prueba');
    await userEvent.type(screen.getByRole('textbox', { name: 'Descripción' }), 'Cinco sesiones');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Precio (pesos)' }), '1250.50');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/products');
    expect(JSON.parse(init.body)).toMatchObject({ name: 'Paquete Prueba', price: 1250.5, isDigital: true });
    // Left empty, the validity goes as null: the credits never expire (issue 44).
    expect(JSON.parse(init.body).validityDays).toBeNull();
  });

  it('sends the validity in days, and says what an empty one means (issue 44)', async () => {
    const fetch = vi.fn().mockResolvedValue(new Response(JSON.stringify({ id: 'x' }), { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    const { onClose } = renderForm();
    const validity = screen.getByRole('spinbutton', { name: 'Vigencia (días)' });
    expect(validity).not.toBeRequired();
    expect(validity).toHaveAccessibleDescription('Vacío: los créditos no vencen.');
    await userEvent.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Paquete Prueba');
    await userEvent.type(screen.getByRole('textbox', { name: 'Descripción' }), 'Cinco sesiones');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Precio (pesos)' }), '1250');

    await userEvent.type(validity, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText(
        'La vigencia es un número de días entre 1 y 3650, o vacía si los créditos no vencen.',
      ),
    ).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.clear(validity);
    await userEvent.type(validity, '60');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(fetch.mock.calls[0]![1].body)).toMatchObject({ validityDays: 60 });
  });
});
