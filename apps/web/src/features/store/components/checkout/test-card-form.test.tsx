import { storeMessages as m } from '@sala/shared/store/store.messages';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatCardNumber, formatExpiry, TEST_MODE_NOTICE, TestCardForm } from './test-card-form';

function renderForm(props: Partial<Parameters<typeof TestCardForm>[0]> = {}) {
  const onPay = vi.fn();
  render(<TestCardForm totalLabel="$3,550" paying={false} onPay={onPay} {...props} />);
  return { onPay, user: userEvent.setup() };
}

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

describe('TestCardForm', () => {
  it('shows the test-mode notice and the amount on the button', () => {
    renderForm();
    expect(screen.getByRole('note')).toHaveTextContent(TEST_MODE_NOTICE);
    expect(TEST_MODE_NOTICE).toBe(
      'Modo de pruebas: no se cobra ninguna tarjeta real. Usa 4242 4242 4242 4242 (aprobada), 4000 0000 0000 0002 (rechazada) o 4000 0000 0000 9995 (fondos insuficientes).',
    );
    expect(screen.getByRole('button', { name: 'Pagar $3,550' })).toBeEnabled();
  });

  it("validates with the contract's messages and pays nothing while a field is wrong", async () => {
    const { onPay, user } = renderForm();
    await user.click(screen.getByRole('button', { name: /Pagar/ }));
    expect(await screen.findByText(m.cardNumber)).toBeVisible();
    expect(screen.getByText(m.cardExpiry)).toBeVisible();
    expect(screen.getByText(m.cardCvc)).toBeVisible();
    expect(screen.getByText(m.cardHolder)).toBeVisible();
    expect(screen.getByLabelText('Número de tarjeta')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Número de tarjeta'), '4242 4242 4242');
    await user.type(screen.getByLabelText('Vigencia (MM/AA)'), '1399');
    await user.type(screen.getByLabelText('CVC'), '12');
    await user.type(screen.getByLabelText('Nombre en la tarjeta'), 'A');
    await user.click(screen.getByRole('button', { name: /Pagar/ }));
    await waitFor(() => expect(screen.getByText(m.cardNumber)).toBeVisible());
    expect(screen.getByText(m.cardExpiry)).toBeVisible();
    expect(screen.getByText(m.cardCvc)).toBeVisible();
    expect(screen.getByText(m.cardHolder)).toBeVisible();
    expect(onPay).not.toHaveBeenCalled();
  });

  it('refuses a vigencia that has passed', async () => {
    const { onPay, user } = renderForm();
    await user.type(screen.getByLabelText('Número de tarjeta'), '4242424242424242');
    await user.type(screen.getByLabelText('Vigencia (MM/AA)'), '0120');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.type(screen.getByLabelText('Nombre en la tarjeta'), 'Ana López');
    await user.click(screen.getByRole('button', { name: /Pagar/ }));
    expect(await screen.findByText(m.cardExpiry)).toBeVisible();
    expect(onPay).not.toHaveBeenCalled();
  });

  it('formats while typing and pays with the card as the contract reads it', async () => {
    const { onPay, user } = renderForm();
    await user.type(screen.getByLabelText('Número de tarjeta'), '4242424242424242');
    expect(screen.getByLabelText('Número de tarjeta')).toHaveValue('4242 4242 4242 4242');
    await user.type(screen.getByLabelText('Vigencia (MM/AA)'), `12${nextYear}`);
    expect(screen.getByLabelText('Vigencia (MM/AA)')).toHaveValue(`12/${nextYear}`);
    await user.type(screen.getByLabelText('CVC'), '12a3');
    expect(screen.getByLabelText('CVC')).toHaveValue('123');
    await user.type(screen.getByLabelText('Nombre en la tarjeta'), '  Ana López ');
    await user.click(screen.getByRole('button', { name: 'Pagar $3,550' }));
    await waitFor(() => expect(onPay).toHaveBeenCalledTimes(1));
    expect(onPay).toHaveBeenCalledWith({
      number: '4242424242424242',
      expiry: `12/${nextYear}`,
      cvc: '123',
      holder: 'Ana López',
    });
  });

  it('is disabled while paying, and shows what the API said about a field', () => {
    renderForm({ paying: true, serverErrors: { expiry: m.cardExpiry } });
    expect(screen.getByRole('button', { name: /Procesando pago/ })).toBeDisabled();
    expect(screen.getByText(m.cardExpiry)).toBeVisible();
  });

  it.each([
    ['4242', '4242'],
    ['42424242', '4242 4242'],
    ['4242-4242-4242-4242-99', '4242 4242 4242 4242'],
  ])('formatCardNumber(%s) = %s', (input, output) => expect(formatCardNumber(input)).toBe(output));

  it.each([
    ['1', '1'],
    ['12', '12'],
    ['123', '12/3'],
    ['12/30', '12/30'],
    ['123099', '12/30'],
  ])('formatExpiry(%s) = %s', (input, output) => expect(formatExpiry(input)).toBe(output));
});
