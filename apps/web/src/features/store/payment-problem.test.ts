import { storeMessages as m } from '@sala/shared/store/store.messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { PaymentDeclined, paymentProblem } from './payment-problem';

describe('paymentProblem', () => {
  it("a refused card: the spec's message and the gateway's reason", () => {
    const declined = new ApiError('aborted', m.paymentFailed, 409, { card: m.cardDeclined });
    expect(paymentProblem(declined)).toEqual({ message: m.paymentFailed, reason: m.cardDeclined });
    const broke = new ApiError('aborted', m.paymentFailed, 409, { card: m.insufficientFunds });
    expect(paymentProblem(broke)).toEqual({ message: m.paymentFailed, reason: m.insufficientFunds });
  });

  it('Stripe refusing in the browser is shown as it came', () => {
    const problem = { message: m.paymentFailed, reason: 'Tu tarjeta fue rechazada.' };
    expect(paymentProblem(new PaymentDeclined(problem))).toEqual(problem);
  });

  it('a checkout that cannot be paid any more offers a new one', () => {
    for (const error of [
      new ApiError('not-found', m.checkoutNotFound, 404),
      new ApiError('aborted', m.checkoutChanged, 409),
      new ApiError('aborted', m.checkoutFailed, 409),
      new ApiError('aborted', m.checkoutMethodChanged, 409),
    ]) {
      expect(paymentProblem(error)).toEqual({ message: error.message, restart: true });
    }
  });

  it("other refusals keep the API's words; card fields go under the form", () => {
    expect(paymentProblem(new ApiError('aborted', m.tryLater, 409))).toEqual({ message: m.tryLater });
    expect(paymentProblem(new ApiError('aborted', m.paymentFailed, 409))).toEqual({
      message: m.paymentFailed,
    });
    expect(
      paymentProblem(new ApiError('invalid-argument', m.cardExpiry, 400, { expiry: m.cardExpiry })),
    ).toEqual({ message: m.cardExpiry, fields: { expiry: m.cardExpiry } });
  });

  it('products no longer for sale when an OXXO or SPEI payment starts are kept by line', () => {
    const refused = new ApiError('aborted', m.notForSale('Paquete Profesional'), 409, {
      'items.1': m.notForSale('Paquete Profesional'),
    });
    expect(paymentProblem(refused)).toEqual({
      message: m.notForSale('Paquete Profesional'),
      lines: { 'items.1': m.notForSale('Paquete Profesional') },
    });
  });

  it("the network or the server failing: 'mas tarde'; anything else: 'Algo salio mal'", () => {
    expect(paymentProblem(new ApiError('unavailable', 'x', 0)).message).toBe(m.tryLater);
    expect(paymentProblem(new ApiError('internal', 'x', 500)).message).toBe(m.tryLater);
    expect(paymentProblem(new ApiError('unavailable', m.initFailed, 503)).message).toBe(m.tryLater);
    expect(paymentProblem(new Error('boom')).message).toBe(m.somethingWrong);
    expect(paymentProblem(new ApiError('invalid-argument', 'x', 418)).message).toBe(m.somethingWrong);
  });
});
