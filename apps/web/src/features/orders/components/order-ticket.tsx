import { formatCredits } from '@sala/shared/format/credits';
import { formatDateTime } from '@sala/shared/format/date-time';
import { formatMoney } from '@sala/shared/format/money';
import { formatFolio } from '@sala/shared/orders/folio';
import type { TOrderTicket } from '@sala/shared/orders/orders.contract';
import { orderStatusLabels, paymentMethodLabels } from '@sala/shared/orders/orders.messages';
import { IVA_INCLUDED_LINE, includedIvaCents } from '@sala/shared/tax/iva';
import { Fragment, type Ref } from 'react';
import { cx } from '../../../components/ui/field-styles';

export type TicketPaper = '80mm' | 'a4';

/** The business as the ticket names it. */
export const BUSINESS_NAME = 'Sala Común';

type Props = { order: TOrderTicket; paper: TicketPaper; ref?: Ref<HTMLElement> };

/**
 * An order's printable ticket: narrow and monospaced for an 80 mm receipt printer (72 mm printable), or a
 * sheet for A4. Everything the spec's order holds, plus the payment by method, the change and the credits.
 */
export function OrderTicket({ order, paper, ref }: Props) {
  const narrow = paper === '80mm';
  const cancelled = order.status === 'cancelled';
  // Issue 24: an OXXO or SPEI payment is confirmed after the order was made (the corte counts it that day).
  const paidLater = order.paidAt !== null && formatDateTime(order.paidAt) !== formatDateTime(order.createdAt);
  const unpaid = order.status === 'pending' || order.status === 'expired';
  const payments = [
    { label: paymentMethodLabels.cash, cents: order.paidCashCents },
    { label: paymentMethodLabels.card, cents: order.paidCardCents },
    { label: paymentMethodLabels.transfer, cents: order.paidTransferCents },
  ].filter((payment) => payment.cents > 0);
  const rule = narrow ? 'border-t border-dashed border-ink/60' : 'border-t border-slate-300';

  return (
    <article
      ref={ref}
      aria-label="Ticket de la orden"
      data-paper={paper}
      className={cx(
        'text-ink',
        narrow ? 'w-[72mm] font-mono text-[11.5px] leading-snug' : 'w-full max-w-[180mm] text-sm',
      )}
    >
      <header className={cx('text-center', narrow ? 'space-y-0.5 pb-2' : 'space-y-1 pb-4')}>
        <p
          className={cx(
            'font-bold tracking-wide uppercase',
            narrow ? 'text-base' : 'font-display text-3xl normal-case',
          )}
        >
          {BUSINESS_NAME}
        </p>
        <p>{order.branchName ? `Sucursal ${order.branchName}` : 'Tienda en línea'}</p>
        <p>{formatDateTime(order.createdAt)}</p>
        {/* The order's folio (issue 39): what the client quotes and staff type in Ordenes' search box. */}
        <p className="font-semibold">Folio {formatFolio(order.folio)}</p>
        {paidLater && order.paidAt && (
          <p data-testid="ticket-paid-at">Pago confirmado el {formatDateTime(order.paidAt)}</p>
        )}
      </header>

      {cancelled && (
        <p
          role="status"
          className={cx(
            'my-2 border-2 border-red-700 py-1 text-center font-bold tracking-[0.3em] text-red-700 uppercase',
            narrow ? 'text-lg' : 'text-2xl',
          )}
        >
          Cancelada
          {order.cancelledAt && (
            <span className="block text-xs font-normal tracking-normal normal-case">
              el {formatDateTime(order.cancelledAt)}
            </span>
          )}
        </p>
      )}

      <dl
        className={cx(
          rule,
          'grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 py-2',
          !narrow && 'sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)] py-3',
        )}
      >
        <dt>Cajero:</dt>
        <dd>{order.cashierName}</dd>
        <dt>Cliente:</dt>
        <dd className="break-words">{order.client.name}</dd>
        <dt>Teléfono:</dt>
        <dd>{order.client.phone}</dd>
        <dt>Estado:</dt>
        <dd data-testid="ticket-status" className="font-semibold">
          {orderStatusLabels[order.status]}
        </dd>
      </dl>

      <table className={cx(rule, 'w-full border-collapse')}>
        <caption className="sr-only">Productos</caption>
        <thead>
          <tr className={cx('text-left', narrow ? '' : 'text-xs tracking-wide text-muted uppercase')}>
            <th scope="col" className="py-1.5 pr-2 font-semibold">
              Cant.
            </th>
            <th scope="col" className="py-1.5 pr-2 font-semibold">
              Producto
            </th>
            {!narrow && (
              <th scope="col" className="py-1.5 pr-2 text-right font-semibold">
                P. unitario
              </th>
            )}
            <th scope="col" className="py-1.5 text-right font-semibold">
              Importe
            </th>
          </tr>
        </thead>
        <tbody className={narrow ? '' : 'divide-y divide-slate-200'}>
          {order.items.map((item, index) => (
            // Lines have no id of their own; the same product never appears twice in one order.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <tr key={index} className="align-top">
              <td className="py-1 pr-2 tabular-nums">{item.quantity}</td>
              <td className="py-1 pr-2 break-words">
                {item.name}
                {narrow && (
                  <span className="block text-[10.5px]">
                    {item.quantity} × {formatMoney(item.unitPriceCents)}
                  </span>
                )}
              </td>
              {!narrow && (
                <td className="py-1 pr-2 text-right tabular-nums">{formatMoney(item.unitPriceCents)}</td>
              )}
              <td className="py-1 text-right tabular-nums">
                {formatMoney(item.unitPriceCents * item.quantity)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <dl
        className={cx(
          rule,
          'mt-1 grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-0.5 py-2',
          !narrow && 'ml-auto max-w-72',
        )}
      >
        <dt className={cx('font-bold', narrow ? 'text-sm' : 'text-base')}>TOTAL</dt>
        <dd
          data-testid="ticket-total"
          className={cx('text-right font-bold tabular-nums', narrow ? 'text-sm' : 'text-base')}
        >
          {formatMoney(order.totalCents)}
        </dd>
        {/* Decision 023: prices include IVA; the ticket says how much of the total it is. */}
        <dt>{IVA_INCLUDED_LINE}</dt>
        <dd data-testid="ticket-iva" className="text-right tabular-nums">
          {formatMoney(includedIvaCents(order.totalCents))}
        </dd>
        {payments.map((payment) => (
          <Fragment key={payment.label}>
            <dt>{payment.label}</dt>
            <dd className="text-right tabular-nums">{formatMoney(payment.cents)}</dd>
          </Fragment>
        ))}
        {order.paidCashCents > 0 && (
          <>
            <dt>Cambio</dt>
            <dd data-testid="ticket-change" className="text-right tabular-nums">
              {formatMoney(order.changeCents)}
            </dd>
          </>
        )}
        <dt>{unpaid ? 'Forma de pago' : 'Pagado con'}</dt>
        <dd className="text-right">{paymentMethodLabels[order.method]}</dd>
        {/* An OXXO or SPEI order grants its credits once paid (issue 24): none while it waits or if it never was. */}
        <dt>{order.status === 'pending' ? 'Créditos al confirmar el pago' : 'Créditos otorgados'}</dt>
        <dd className="text-right" data-testid="ticket-credits">
          {formatCredits(order.status !== 'pending' && order.paidAt === null ? 0 : order.creditsGranted)}
        </dd>
        {order.refunded && (
          <>
            <dt>Reembolso</dt>
            <dd className="text-right">Pago con tarjeta reembolsado</dd>
          </>
        )}
      </dl>

      <footer
        className={cx(rule, 'space-y-1 pt-2 text-center', narrow ? 'text-[10px]' : 'pt-4 text-xs text-muted')}
      >
        <p className="text-[11.5px] text-ink">¡Gracias por tu compra!</p>
      </footer>
    </article>
  );
}
