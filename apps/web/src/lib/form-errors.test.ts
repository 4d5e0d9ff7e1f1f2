import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { firstErrorMessage, saveErrorMessage } from './form-errors';

describe('saveErrorMessage', () => {
  it('shows a refusal the API explains, and marks the fields it names', () => {
    const setFieldError = vi.fn();
    const error = new ApiError('aborted', 'La sala ya existe en este puesto.', 409, {
      position: 'La sala ya existe en este puesto.',
    });
    expect(saveErrorMessage(error, 'Algo salió mal, intentalo de nuevo.', setFieldError)).toBe(
      'La sala ya existe en este puesto.',
    );
    expect(setFieldError).toHaveBeenCalledWith('position', {
      type: 'server',
      message: 'La sala ya existe en este puesto.',
    });
  });

  it('falls back to the form’s own failure text for server errors, lost connections and anything else', () => {
    const fallback = 'Algo salió mal, intentalo de nuevo.';
    expect(saveErrorMessage(new ApiError('internal', 'x', 500), fallback)).toBe(fallback);
    expect(saveErrorMessage(new ApiError('unavailable', 'x', 0), fallback)).toBe(fallback);
    expect(saveErrorMessage(new Error('boom'), fallback)).toBe(fallback);
  });
});

describe('firstErrorMessage', () => {
  it('finds the first message in nested errors, skipping DOM refs', () => {
    expect(firstErrorMessage(undefined)).toBeUndefined();
    expect(firstErrorMessage({ message: 'Revisa el horario' })).toBe('Revisa el horario');
    expect(
      firstErrorMessage({ 3: { firstHour: { message: 'Hora inválida', ref: { message: 'no' } } } }),
    ).toBe('Hora inválida');
  });
});
