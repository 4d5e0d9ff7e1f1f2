import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DocumentSelect, SelectField } from './select-field';

const options = [
  { value: 'centro', label: 'Centro' },
  { value: 'norte', label: 'Norte' },
];

describe('SelectField', () => {
  it("shows the label and the 'Seleccione opcion' placeholder selected when value is empty", () => {
    render(<SelectField label="Sede" options={options} value="" onChange={() => {}} />);
    const select = screen.getByRole('combobox', { name: 'Sede' });
    expect(select.tagName).toBe('SELECT');
    const placeholder = screen.getByRole('option', { name: 'Seleccione opcion' });
    expect(placeholder).toHaveValue('');
    expect((placeholder as HTMLOptionElement).selected).toBe(true);
    expect(placeholder).not.toBeDisabled();
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Seleccione opcion', 'Centro', 'Norte']);
  });

  it('disables the placeholder when required', () => {
    render(<SelectField label="Sede" options={options} value="" onChange={() => {}} required />);
    expect(screen.getByRole('option', { name: 'Seleccione opcion' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: /Sede/ })).toBeRequired();
  });

  it('calls onChange with the chosen value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<SelectField label="Sede" name="location" options={options} value="" onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Sede' });
    expect(select).toHaveAttribute('name', 'location');
    await user.selectOptions(select, 'Norte');
    expect(onChange).toHaveBeenCalledWith('norte');
  });

  it('reflects the controlled value', () => {
    render(<SelectField label="Sede" options={options} value="norte" onChange={() => {}} />);
    expect(screen.getByRole('combobox', { name: 'Sede' })).toHaveValue('norte');
  });

  it('shows the error with aria-invalid, aria-describedby and a red border', () => {
    render(
      <SelectField label="Sede" options={options} value="" onChange={() => {}} error="Elige una sede" />,
    );
    const select = screen.getByRole('combobox', { name: 'Sede' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Elige una sede');
  });

  it('can be disabled', () => {
    render(<SelectField label="Sede" options={options} value="" onChange={() => {}} disabled />);
    expect(screen.getByRole('combobox', { name: 'Sede' })).toBeDisabled();
  });
});

describe('DocumentSelect', () => {
  it('maps documents to options (id as value, name as label)', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <DocumentSelect
        label="Consultorio"
        documents={[
          { id: 'r1', name: 'Sala Azul' },
          { id: 'r2', name: 'Sala Verde' },
        ]}
        value=""
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('option', { name: 'Sala Verde' })).toHaveValue('r2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Consultorio' }), 'Sala Verde');
    expect(onChange).toHaveBeenCalledWith('r2');
  });
});
