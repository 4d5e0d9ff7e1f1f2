import { formatDateTime } from '@sala/shared/format/date-time';
import { digitGroups } from '@sala/shared/format/digit-groups';
import { formatMoney } from '@sala/shared/format/money';
import type { TPaymentInstructions } from '@sala/shared/store/store.contract';
import { IVA_INCLUDED } from '@sala/shared/tax/iva';
import { Copy, ExternalLink } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { COPY_FAILURE_MESSAGE, COPY_SUCCESS_MESSAGE } from './copy-field';
import { cx } from './field-styles';
import { notify } from './toast';

/** The barcode library is loaded only where an OXXO voucher is shown (never on the public pages). */
const OxxoBarcode = lazy(() => import('./oxxo-barcode'));

/** What the client is given, by kind: the title over it on /resumen and in Mis pedidos. */
export const paymentInstructionsTitles = {
  oxxo: 'Ficha de pago OXXO',
  spei: 'Datos para tu transferencia SPEI',
} as const;

/**
 * A long number in large monospace digits, grouped for reading. The groups are spaced by CSS, not by spaces, so
 * the element's text (and what a copy from the page gives) is the number as typed.
 */
function GroupedDigits({ value, testId }: { value: string; testId: string }) {
  return (
    <span
      data-testid={testId}
      className="flex flex-wrap gap-x-2.5 font-mono text-2xl font-semibold tracking-wider text-ink tabular-nums sm:text-3xl"
    >
      {digitGroups(value).map((group, index) => (
        // The groups of one number never reorder.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <span key={index}>{group}</span>
      ))}
    </span>
  );
}

/** Copies a value and says so; a browser without the clipboard (or that refuses it) is told to copy by hand. */
function CopyButton({ value, label }: { value: string; label: string }) {
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard API unavailable');
      await navigator.clipboard.writeText(value);
      notify.success(COPY_SUCCESS_MESSAGE);
    } catch {
      notify.error(COPY_FAILURE_MESSAGE);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void copy()}
      className="inline-flex shrink-0 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-brand-700 transition-colors hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 print:hidden"
    >
      <Copy aria-hidden className="size-4" /> {label}
    </button>
  );
}

function Row({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cx('space-y-1', className)}>
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="min-w-0 break-words text-ink">{children}</dd>
    </div>
  );
}

function HostedLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline-offset-2 hover:underline print:hidden"
    >
      {children}
      <ExternalLink aria-hidden className="size-4" />
      <span className="sr-only">(se abre en otra pestaña)</span>
    </a>
  );
}

type Props = {
  instructions: TPaymentInstructions;
  amountCents: number;
  /** The client reads 'Tu pedido vence…'; the staff read about the client's order. */
  viewer?: 'client' | 'staff';
  /** The order's time ran out unpaid: the date is when it expired. */
  expired?: boolean;
  className?: string;
};

/**
 * How to pay a pending order (issue 24): the OXXO voucher's number, or the SPEI transfer's CLABE, bank and
 * reference; the exact amount and until when. /resumen, Mis pedidos and the staff's ticket show the same.
 */
export function PaymentInstructions({
  instructions,
  amountCents,
  viewer = 'client',
  expired = false,
  className,
}: Props) {
  const amount = formatMoney(amountCents);
  const until = formatDateTime(instructions.expiresAt);
  const expiry = expired
    ? `Venció el ${until}`
    : instructions.kind === 'spei'
      ? `${viewer === 'client' ? 'Tu pedido' : 'El pedido'} vence el ${until}`
      : `Vence el ${until}`;

  if (instructions.kind === 'oxxo') {
    return (
      <div className={cx('space-y-4', className)}>
        <dl className="space-y-4">
          <Row label="Número de referencia">
            {/* Decision 023: the barcode the cashier scans, its height kept while it loads. */}
            <div className="mb-2 h-20 max-w-md rounded-md bg-white sm:h-24">
              <Suspense fallback={null}>
                <OxxoBarcode reference={instructions.number} />
              </Suspense>
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <GroupedDigits value={instructions.number} testId="voucher-number" />
              <CopyButton value={instructions.number} label="Copiar número" />
            </div>
          </Row>
          <Row label="Monto a pagar">
            <span className="text-lg font-semibold" data-testid="instructions-amount">
              {amount}
            </span>{' '}
            <span className="text-sm text-muted">{IVA_INCLUDED}, en efectivo, en cualquier tienda OXXO</span>
          </Row>
        </dl>
        <p className="font-semibold" data-testid="instructions-expiry">
          {expiry}
        </p>
        {instructions.hostedUrl && (
          <HostedLink href={instructions.hostedUrl}>Ver ficha para imprimir</HostedLink>
        )}
      </div>
    );
  }

  // Stripe applies the client's balance first: the transfer is what is left of the total.
  const toTransfer = instructions.amountCents ?? amountCents;
  return (
    <div className={cx('space-y-4', className)}>
      <p className="text-lg font-semibold" data-testid="instructions-amount">
        Transfiere exactamente {formatMoney(toTransfer)}{' '}
        <span className="text-sm font-normal text-muted">({IVA_INCLUDED})</span>
      </p>
      {toTransfer < amountCents && (
        <p className="text-sm text-muted">
          Tu saldo a favor en Stripe ya cubrió {formatMoney(amountCents - toTransfer)} de los {amount} del
          pedido.
        </p>
      )}
      <dl className="grid gap-4 sm:grid-cols-2">
        <Row label="CLABE" className="sm:col-span-2">
          <div className="flex flex-wrap items-center gap-3">
            <GroupedDigits value={instructions.clabe} testId="spei-clabe" />
            <CopyButton value={instructions.clabe} label="Copiar CLABE" />
          </div>
        </Row>
        <Row label="Banco">
          <span className="font-medium">{instructions.bankName}</span>
        </Row>
        <Row label="Referencia">
          <span className="font-mono font-medium" data-testid="spei-reference">
            {instructions.reference}
          </span>
        </Row>
      </dl>
      <p className="font-semibold" data-testid="instructions-expiry">
        {expiry}
      </p>
      {instructions.hostedUrl && (
        <HostedLink href={instructions.hostedUrl}>Ver instrucciones de la transferencia</HostedLink>
      )}
    </div>
  );
}
