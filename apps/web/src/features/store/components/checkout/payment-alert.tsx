import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';

/** A payment problem next to the form: the message, the card's reason and what can be done. */
export function PaymentAlert({
  message,
  reason,
  children,
}: {
  message: string;
  reason?: string;
  children?: ReactNode;
}) {
  return (
    <div
      role="alert"
      data-testid="payment-error"
      className="flex items-start gap-2.5 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-200"
    >
      <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0 text-red-700" />
      <div className="space-y-1">
        <p className="font-semibold">{message}</p>
        {reason && <p data-testid="payment-error-reason">{reason}</p>}
        {children}
      </div>
    </div>
  );
}
