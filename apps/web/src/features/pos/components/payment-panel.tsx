import { formatMoney } from '@sala/shared/format/money';
import { CheckCircle2, CreditCard } from 'lucide-react';
import { Button } from '../../../components/ui/link-button';
import { TextField } from '../../../components/ui/text-field';
import { type PaymentDraft, type PosSale, pesosFieldToCents } from '../hooks/use-pos-sale';

const fields: { key: keyof PaymentDraft; label: string }[] = [
  { key: 'cash', label: 'Efectivo' },
  { key: 'card', label: 'Tarjeta' },
  { key: 'transfer', label: 'Transferencia' },
];

/**
 * docs/business-rules.md §4–§5: amounts typed in pesos, validated with the shared rules; 'Pagar' appears once they pass. The change
 * shows only when cash is used.
 */
export function PaymentPanel({ sale, onPay }: { sale: PosSale; onPay: () => void }) {
  const { check } = sale;
  const cashUsed = pesosFieldToCents(sale.payment.cash) > 0;
  return (
    <section
      aria-labelledby="pos-pago-titulo"
      className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="pos-pago-titulo" className="font-display text-xl font-semibold text-brand-800">
          Pago
        </h2>
        <p className="text-right">
          <span className="block text-xs font-semibold tracking-wide text-muted uppercase">Total</span>
          <span data-testid="payment-total" className="text-2xl font-bold text-ink tabular-nums">
            {formatMoney(sale.totalCents)}
          </span>
        </p>
      </div>
      <form
        noValidate
        aria-label="Validar pago"
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          sale.validate();
        }}
      >
        {fields.map(({ key, label }) => (
          <TextField
            key={key}
            label={`${label} (pesos)`}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={sale.payment[key]}
            onChange={(event) => sale.setPayment(key, event.target.value)}
          />
        ))}
        <Button type="submit" variant="secondary" className="w-full">
          <CheckCircle2 aria-hidden className="size-4" /> Validar pago
        </Button>
      </form>
      {check && !check.ok && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
          {check.message}
        </p>
      )}
      {check?.ok && (
        <div className="space-y-3">
          <dl className="space-y-1.5 rounded-lg bg-emerald-50 px-4 py-3 text-sm ring-1 ring-emerald-200">
            <div className="flex justify-between gap-4">
              <dt className="text-emerald-900">Pagado</dt>
              <dd className="font-semibold text-emerald-900 tabular-nums">{formatMoney(check.paidCents)}</dd>
            </div>
            {cashUsed && (
              <div className="flex justify-between gap-4">
                <dt className="text-emerald-900">Cambio</dt>
                <dd data-testid="sale-change" className="text-lg font-bold text-emerald-900 tabular-nums">
                  {formatMoney(check.changeCents)}
                </dd>
              </div>
            )}
          </dl>
          <Button className="w-full" size="lg" onClick={onPay}>
            <CreditCard aria-hidden className="size-5" /> Pagar
          </Button>
        </div>
      )}
    </section>
  );
}
