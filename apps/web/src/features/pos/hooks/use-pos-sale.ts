import { pesosToCents } from '@sala/shared/format/money';
import type { TCreatePosOrderRequest } from '@sala/shared/pos/pos.contract';
import { addPosLine, checkPosPayment, type PosPaymentCheck, posTotalCents } from '@sala/shared/pos/pos.rules';
import { useState } from 'react';
import { useRetryKey } from '../../../lib/retry-key';
import type { ClientPick } from '../../users/api/users-api';

/** A line of the sale as the cashier sees it: the product's name and price at the moment it was added. */
export type SaleLine = { productId: string; name: string; unitPriceCents: number; quantity: number };

/** A client as the picker lists it: the name with the phone, to tell namesakes apart. */
export type { ClientPick };

/** The payment fields as typed, in pesos ('' is nothing). */
export type PaymentDraft = { cash: string; card: string; transfer: string };

const emptyPayment: PaymentDraft = { cash: '', card: '', transfer: '' };

/** A typed amount in pesos as centavos: blank is 0, anything that is not a number is NaN (the rules refuse it). */
export function pesosFieldToCents(value: string): number {
  const text = value.trim();
  if (text === '') return 0;
  const pesos = Number(text);
  return Number.isFinite(pesos) ? pesosToCents(pesos) : Number.NaN;
}

export const paymentCents = (draft: PaymentDraft) => ({
  cashCents: pesosFieldToCents(draft.cash),
  cardCents: pesosFieldToCents(draft.card),
  transferCents: pesosFieldToCents(draft.transfer),
});

/**
 * The point-of-sale state of docs/business-rules.md §3–§4: client, branch, lines, the payment typed and whether it was validated.
 * Payment inputs reset when the total changes; editing them after validating hides 'Pagar' until validated
 * again. The idempotency key belongs to one attempt at one sale: the same request sent again (a retry after a
 * failure) reuses it, any change to the request makes a new one, and a completed sale forgets it.
 * `startBranchId` is the branch the sale is at until another is chosen (issue 45: the cashier's home branch; '' for
 * none), and where clearing puts it back.
 */
export function usePosSale(startBranchId = '') {
  const [client, setClientState] = useState<ClientPick | null>(null);
  // A walk-in sale ("Público en general", issue 22): no client, only products that grant no credits.
  const [walkIn, setWalkInState] = useState(false);
  const setClient = (pick: ClientPick | null) => {
    setClientState(pick);
    if (pick) setWalkInState(false);
  };
  const setWalkIn = (on: boolean) => {
    setWalkInState(on);
    if (on) setClientState(null);
  };
  // null: not chosen yet, so the starting branch (which arrives with the branches).
  const [chosenBranchId, setBranchId] = useState<string | null>(null);
  const branchId = chosenBranchId ?? startBranchId;
  const [lines, setLinesState] = useState<SaleLine[]>([]);
  const [payment, setPaymentState] = useState<PaymentDraft>(emptyPayment);
  const [check, setCheck] = useState<PosPaymentCheck | null>(null);
  const retryKey = useRetryKey();

  const totalCents = posTotalCents(lines);

  const setLines = (next: SaleLine[]) => {
    setLinesState(next);
    if (posTotalCents(next) !== totalCents) {
      setPaymentState(emptyPayment);
      setCheck(null);
    }
  };

  return {
    client,
    setClient,
    walkIn,
    setWalkIn,
    branchId,
    setBranchId,
    lines,
    totalCents,
    payment,
    check,
    addLine: (line: SaleLine) => setLines(addPosLine(lines, line)),
    setQuantity: (productId: string, quantity: number) =>
      setLines(lines.map((line) => (line.productId === productId ? { ...line, quantity } : line))),
    removeLine: (productId: string) => setLines(lines.filter((line) => line.productId !== productId)),
    setPayment: (field: keyof PaymentDraft, value: string) => {
      setPaymentState((current) => ({ ...current, [field]: value }));
      setCheck(null);
    },
    /** Runs the payment rules; 'Pagar' shows only while the result is ok. */
    validate: () => {
      const result = checkPosPayment(totalCents, paymentCents(payment));
      setCheck(result);
      return result;
    },
    /**
     * docs/business-rules.md §4: clearing resets the products, the total, the client and the branch (to where the
     * sale starts), and the payment.
     */
    clear: () => {
      setClientState(null);
      setWalkInState(false);
      setBranchId(null);
      setLinesState([]);
      setPaymentState(emptyPayment);
      setCheck(null);
      retryKey.done();
    },
    /** The request for the sale as it stands, with the key of this attempt. */
    request: (): TCreatePosOrderRequest => {
      const body = {
        clientId: walkIn ? null : (client?.id ?? ''),
        branchId,
        items: lines.map(({ productId, quantity }) => ({ productId, quantity })),
        ...paymentCents(payment),
      };
      return { idempotencyKey: retryKey.for(body), ...body };
    },
  };
}

export type PosSale = ReturnType<typeof usePosSale>;
