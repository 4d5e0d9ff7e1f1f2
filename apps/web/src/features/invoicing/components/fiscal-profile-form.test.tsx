import { invoicingMessages as m } from '@sala/shared/invoicing/invoicing.messages';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FiscalProfileForm } from './fiscal-profile-form';

const optionsOf = (label: string) =>
  within(screen.getByLabelText(label))
    .getAllByRole('option')
    .map((option) => (option as HTMLOptionElement).value)
    .filter(Boolean);

function renderForm() {
  const onSubmit = vi.fn();
  render(
    <FiscalProfileForm profile={null} defaultEmail="ana@example.mx" saving={false} onSubmit={onSubmit} />,
  );
  return onSubmit;
}

describe('the fiscal profile form (issue 42)', () => {
  it('offers the régimenes of the RFC’s kind of person, and only the uses the SAT allows for the régimen', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.getByLabelText('Uso del CFDI')).toBeDisabled();
    await user.type(screen.getByLabelText('RFC'), 'eku9003173c9');
    expect(screen.getByLabelText('RFC')).toHaveValue('EKU9003173C9');
    // A company (12 characters): no régimen of individuals.
    expect(optionsOf('Régimen fiscal')).toEqual(['601', '603', '610', '620', '622', '623', '624', '626']);
    await user.clear(screen.getByLabelText('RFC'));
    await user.type(screen.getByLabelText('RFC'), 'COSC8001137NA');
    await user.selectOptions(screen.getByLabelText('Régimen fiscal'), '605');
    // Salaried people: personal deductions and S01, never G03.
    expect(optionsOf('Uso del CFDI')).toEqual([
      'D01',
      'D02',
      'D03',
      'D04',
      'D05',
      'D06',
      'D07',
      'D08',
      'D09',
      'D10',
      'S01',
    ]);
    await user.selectOptions(screen.getByLabelText('Régimen fiscal'), '612');
    expect(optionsOf('Uso del CFDI')).toContain('G03');
  });

  it('says what to fix, field by field, and sends the profile as the Constancia writes it', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.type(screen.getByLabelText('RFC'), 'COSC801');
    await user.click(screen.getByRole('button', { name: 'Guardar datos fiscales' }));
    expect(await screen.findByText(m.rfcFormat)).toBeInTheDocument();
    expect(screen.getByText(m.legalNameRequired)).toBeInTheDocument();
    expect(screen.getByText(m.zipInvalid)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('RFC'));
    await user.type(screen.getByLabelText('RFC'), 'COSC8001137NA');
    await user.type(screen.getByLabelText('Código postal fiscal'), '06700');
    await user.type(screen.getByLabelText('Nombre o razón social'), 'Cosme  Fulanito');
    await user.selectOptions(screen.getByLabelText('Régimen fiscal'), '612');
    await user.selectOptions(screen.getByLabelText('Uso del CFDI'), 'G03');
    await user.click(screen.getByRole('button', { name: 'Guardar datos fiscales' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      rfc: 'COSC8001137NA',
      legalName: 'COSME FULANITO',
      taxSystem: '612',
      zip: '06700',
      cfdiUse: 'G03',
      email: 'ana@example.mx',
    });
  });
});
