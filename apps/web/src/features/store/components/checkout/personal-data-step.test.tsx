import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PersonalDataStep } from './personal-data-step';

describe('PersonalDataStep (/pago, step 1)', () => {
  it('shows the simplified privacy notice where the purchase data are collected, with both documents (issue 27)', () => {
    render(
      <PersonalDataStep
        user={{ name: 'Valeria Torres', email: 'cliente@example.com', phone: '3311223344' }}
        onEdit={vi.fn()}
        onContinue={vi.fn()}
        canContinue
      />,
    );
    expect(
      screen.getByText(/Sala Común usa tu nombre, tu correo y tu teléfono para tu cuenta/),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'aviso de privacidad' })).toHaveAttribute(
      'href',
      '/aviso-de-privacidad',
    );
    expect(screen.getByRole('link', { name: 'términos y condiciones' })).toHaveAttribute('href', '/terminos');
  });
});
