import type { CartItem } from '@sala/shared/cart/cart.rules';
import { formatCredits } from '@sala/shared/format/credits';
import { formatMoney } from '@sala/shared/format/money';
import { lineCredits } from '@sala/shared/store/store.rules';
import { IVA_INCLUDED_LINE, includedIvaCents } from '@sala/shared/tax/iva';
import type { ReactNode } from 'react';
import { ValidityNote } from '../validity-note';

export type SummaryLine = Pick<CartItem, 'id' | 'name' | 'quantity' | 'credits' | 'extra'> & {
  unitPriceCents: number;
  /** Issue 44: how many days the line's credits last; null or absent: they never expire (or it is not known). */
  validityDays?: number | null;
};

/**
 * The lines being bought with their credits and subtotal, then the totals and the IVA the total includes (decision
 * 023): both checkout steps and /resumen.
 */
export function CartLinesSummary({
  title,
  lines,
  totalCredits,
  totalCents,
  totalLabel = 'Total a pagar',
  creditsLabel = 'Créditos a recibir',
  children,
  headingLevel: Heading = 'h2',
}: {
  title: string;
  lines: SummaryLine[];
  totalCredits: number;
  totalCents: number;
  totalLabel?: string;
  creditsLabel?: string;
  children?: ReactNode;
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <section
      aria-label={title}
      className="h-fit rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      data-testid="order-summary"
    >
      <Heading className="font-display text-xl font-semibold text-brand-800">{title}</Heading>
      <ul className="mt-3 divide-y divide-slate-100">
        {lines.map((line) => (
          <li key={line.id} className="flex items-start justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-medium text-ink">
                {line.name} <span className="whitespace-nowrap text-muted">× {line.quantity}</span>
              </p>
              <p className="text-sm text-muted">
                {formatMoney(line.unitPriceCents)} c/u
                {lineCredits(line) > 0 && ` · ${formatCredits(lineCredits(line))}`}
              </p>
              {lineCredits(line) > 0 && <ValidityNote validityDays={line.validityDays} className="mt-0.5" />}
            </div>
            <p className="shrink-0 font-semibold">{formatMoney(line.unitPriceCents * line.quantity)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-2 border-t border-slate-200 pt-4">
        <div className="flex justify-between gap-3">
          <dt className="text-muted">{creditsLabel}</dt>
          <dd className="font-semibold" data-testid="summary-credits">
            {formatCredits(totalCredits)}
          </dd>
        </div>
        <div className="flex justify-between gap-3 text-lg">
          <dt className="font-semibold">{totalLabel}</dt>
          <dd className="font-bold text-brand-800" data-testid="summary-total">
            {formatMoney(totalCents)}
          </dd>
        </div>
        <div className="flex justify-between gap-3 text-sm text-muted">
          <dt>{IVA_INCLUDED_LINE}</dt>
          <dd data-testid="summary-iva">{formatMoney(includedIvaCents(totalCents))}</dd>
        </div>
      </dl>
      {children}
    </section>
  );
}
