import type { TPayMethod, TPaymentResult } from '@sala/shared/store/store.contract';
import { useCallback, useReducer, useRef } from 'react';
import { forgetCheckoutAttempt } from '../checkout-attempt';
import { type PaymentProblem, paymentProblem } from '../payment-problem';

/** Where the payment step stands (a card, or an OXXO or SPEI request), apart from the checkout the server holds. */
export type PaymentStepState = {
  /** A payment is on its way (the form's button waits, a second click does nothing). */
  paying: boolean;
  /** The last payment's refusal, shown above the form. */
  problem: PaymentProblem | null;
  /** Stripe's card element could not start. */
  initFailed: boolean;
  /** Bumped to mount Stripe's form afresh after it failed to start. */
  stripeAttempt: number;
  /** Bumped when the step starts a new checkout for the same cart (the last one failed or is gone). */
  checkoutAttempt: number;
};

export type PaymentStepAction =
  | { type: 'pay' }
  | { type: 'paid' }
  | { type: 'refused'; problem: PaymentProblem }
  | { type: 'init-failed' }
  | { type: 'retry-init' }
  | { type: 'restart' };

export const initialPaymentStep: PaymentStepState = {
  paying: false,
  problem: null,
  initFailed: false,
  stripeAttempt: 0,
  checkoutAttempt: 0,
};

export function paymentStepReducer(state: PaymentStepState, action: PaymentStepAction): PaymentStepState {
  switch (action.type) {
    case 'pay':
      return { ...state, paying: true, problem: null };
    case 'paid':
      return { ...state, paying: false };
    case 'refused':
      return { ...state, paying: false, problem: action.problem };
    case 'init-failed':
      return { ...state, initFailed: true };
    case 'retry-init':
      return { ...state, initFailed: false, stripeAttempt: state.stripeAttempt + 1 };
    case 'restart':
      return { ...state, problem: null, checkoutAttempt: state.checkoutAttempt + 1 };
  }
}

/**
 * The payment step's own state, one reducer: `pay` runs a payment once at a time (a ref guards against a double
 * click before React re-renders) and hands a completed one to `complete`. The card's result is the payment; an
 * OXXO voucher's or a SPEI transfer's is what its step asked for (issue 24).
 */
export function usePaymentStep<TResult = TPaymentResult>(
  complete: (result: TResult) => void,
  method: TPayMethod = 'card',
) {
  const [state, dispatch] = useReducer(paymentStepReducer, initialPaymentStep);
  const payingRef = useRef(false);

  const pay = useCallback(
    async (run: () => Promise<TResult>) => {
      if (payingRef.current) return;
      payingRef.current = true;
      dispatch({ type: 'pay' });
      try {
        const result = await run();
        dispatch({ type: 'paid' });
        complete(result);
      } catch (error) {
        dispatch({ type: 'refused', problem: paymentProblem(error) });
      } finally {
        payingRef.current = false;
      }
    },
    [complete],
  );
  const onInitFailed = useCallback(() => dispatch({ type: 'init-failed' }), []);
  const retryInit = useCallback(() => dispatch({ type: 'retry-init' }), []);
  /** A new checkout for the same cart: the method's remembered attempt is forgotten, so it gets a new id. */
  const restart = useCallback(() => {
    forgetCheckoutAttempt(method);
    dispatch({ type: 'restart' });
  }, [method]);

  return { state, pay, onInitFailed, retryInit, restart };
}
