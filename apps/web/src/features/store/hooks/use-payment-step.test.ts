import { describe, expect, it } from 'vitest';
import { initialPaymentStep, type PaymentStepState, paymentStepReducer } from './use-payment-step';

const refusal = { message: 'Pago no realizado', reason: 'Tarjeta rechazada', restart: false };

describe('paymentStepReducer', () => {
  it('paying clears the last refusal; a refusal ends the payment and is kept', () => {
    const refused: PaymentStepState = { ...initialPaymentStep, problem: refusal };
    const paying = paymentStepReducer(refused, { type: 'pay' });
    expect(paying).toEqual({ ...initialPaymentStep, paying: true, problem: null });
    expect(paymentStepReducer(paying, { type: 'refused', problem: refusal })).toEqual({
      ...initialPaymentStep,
      paying: false,
      problem: refusal,
    });
    expect(paymentStepReducer(paying, { type: 'paid' })).toEqual(initialPaymentStep);
  });

  it("Stripe's failed start is retried with a fresh form", () => {
    const failed = paymentStepReducer(initialPaymentStep, { type: 'init-failed' });
    expect(failed.initFailed).toBe(true);
    const retried = paymentStepReducer(failed, { type: 'retry-init' });
    expect(retried).toEqual({ ...initialPaymentStep, initFailed: false, stripeAttempt: 1 });
    expect(paymentStepReducer(retried, { type: 'retry-init' }).stripeAttempt).toBe(2);
  });

  it('a restart starts a new checkout and forgets the refusal, keeping the rest', () => {
    const state: PaymentStepState = { ...initialPaymentStep, problem: refusal, stripeAttempt: 3 };
    expect(paymentStepReducer(state, { type: 'restart' })).toEqual({
      ...initialPaymentStep,
      stripeAttempt: 3,
      checkoutAttempt: 1,
    });
  });
});
