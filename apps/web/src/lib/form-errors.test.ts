import { describe, expect, it, vi } from 'vitest';
import { notify } from '../components/ui/toast';
import { ApiError } from './api-client';
import { firstErrorMessage, reportFailure, saveCallbacks, saveErrorMessage } from './form-errors';

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

describe('saveCallbacks and reportFailure', () => {
  it('says success and closes, or says why and marks the field', () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => undefined);
    const failure = vi.spyOn(notify, 'error').mockImplementation(() => undefined);
    const onDone = vi.fn();
    const setError = vi.fn();
    const callbacks = saveCallbacks({
      success: 'Sala creada con exito',
      fallback: 'Algo salió mal',
      onDone,
      setError,
    });
    callbacks.onSuccess();
    expect(success).toHaveBeenCalledWith('Sala creada con exito');
    expect(onDone).toHaveBeenCalledOnce();
    callbacks.onError(new ApiError('aborted', 'La sala ya existe en este puesto.', 409, { position: 'x' }));
    expect(failure).toHaveBeenCalledWith('La sala ya existe en este puesto.');
    expect(setError).toHaveBeenCalledWith('position', { type: 'server', message: 'x' });
    vi.restoreAllMocks();
  });

  it('reports a failed action and rethrows it, so a confirmation stays open', async () => {
    const failure = vi.spyOn(notify, 'error').mockImplementation(() => undefined);
    const error = new ApiError('internal', 'x', 500);
    await expect(reportFailure(() => Promise.reject(error), 'Algo salió mal')).rejects.toBe(error);
    expect(failure).toHaveBeenCalledWith('Algo salió mal');
    await expect(reportFailure(() => Promise.resolve(7), 'Algo salió mal')).resolves.toBe(7);
    vi.restoreAllMocks();
  });
});
