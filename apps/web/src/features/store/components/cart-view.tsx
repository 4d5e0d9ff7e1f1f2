import { formatCredits } from '@sala/shared/format/credits';
import { formatMoney } from '@sala/shared/format/money';
import { lineCredits } from '@sala/shared/store/store.rules';
import { IVA_INCLUDED_LINE, includedIvaCents } from '@sala/shared/tax/iva';
import { AlertTriangle, Minus, Plus, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { cx } from '../../../components/ui/field-styles';
import { Button, LinkButton } from '../../../components/ui/link-button';
import type { CartLine } from '../cart-catalog';
import { maxQuantityMessage } from '../hooks/use-add-to-cart';
import { canAddMore } from '../hooks/use-cart';
import { useCartWithCatalog } from '../hooks/use-cart-with-catalog';
import { ValidityNote } from './validity-note';

const iconButton =
  'grid size-9 place-items-center rounded-lg ring-1 ring-slate-300 transition hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40';

/** 'Ya no está a la venta': the line stays visible (so the client knows) but leaves the totals and the checkout. */
export const NOT_FOR_SALE = 'Ya no está a la venta';

function CartLineRow({ line, cart }: { line: CartLine; cart: ReturnType<typeof useCartWithCatalog> }) {
  const credits = lineCredits(line);
  return (
    <li
      data-testid="cart-line"
      data-for-sale={line.forSale}
      className={cx(
        'grid gap-3 p-4 sm:grid-cols-[1fr_auto_6.5rem_auto] sm:items-center sm:p-5',
        !line.forSale && 'bg-slate-50',
      )}
    >
      <div className="min-w-0">
        <p className={cx('font-semibold', line.forSale ? 'text-ink' : 'text-muted line-through')}>
          {line.name}
        </p>
        {line.forSale ? (
          <>
            <p className="text-sm text-muted">
              {formatMoney(line.priceCents)} c/u{credits > 0 && ` · ${formatCredits(credits)}`}
            </p>
            {credits > 0 && <ValidityNote validityDays={line.validityDays} className="mt-0.5" />}
          </>
        ) : (
          <p className="mt-1 inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
            <AlertTriangle aria-hidden className="size-3.5" /> {NOT_FOR_SALE}
          </p>
        )}
      </div>
      <div className="flex items-center gap-3 sm:contents">
        {line.forSale ? (
          <div className="flex items-center gap-2">
            <button
              type="button"
              className={iconButton}
              onClick={() => cart.decrease(line.id)}
              disabled={line.quantity <= 1}
              aria-label={`Quitar uno de ${line.name}`}
            >
              <Minus aria-hidden className="size-4" />
            </button>
            <span className="w-8 text-center font-semibold" data-testid="cart-line-quantity">
              <span className="sr-only">Cantidad: </span>
              {line.quantity}
            </span>
            <button
              type="button"
              className={iconButton}
              onClick={() => cart.increase(line.id)}
              disabled={!canAddMore(line)}
              title={canAddMore(line) ? undefined : maxQuantityMessage}
              aria-label={`Agregar uno de ${line.name}`}
            >
              <Plus aria-hidden className="size-4" />
            </button>
          </div>
        ) : (
          <span className="text-sm text-muted">Cantidad: {line.quantity}</span>
        )}
        <p className="ml-auto text-right font-semibold sm:ml-0 sm:w-full">
          {line.forSale ? formatMoney(line.priceCents * line.quantity) : '—'}
        </p>
        <button
          type="button"
          className={`${iconButton} text-red-600`}
          onClick={() => cart.remove(line.id)}
          aria-label={`Eliminar ${line.name} del carrito`}
        >
          <Trash2 aria-hidden className="size-4" />
        </button>
      </div>
    </li>
  );
}

export function CartView() {
  const cart = useCartWithCatalog();

  if (cart.items.length === 0) {
    return (
      <div className="rounded-2xl bg-white p-10 text-center shadow-sm ring-1 ring-slate-200">
        <p className="text-lg font-semibold text-ink">Tu carrito está vacío</p>
        <p className="mt-1 text-muted">Agrega un paquete de créditos para empezar a reservar.</p>
        <div className="mt-6">
          <LinkButton to="/comprar">Ver paquetes</LinkButton>
        </div>
      </div>
    );
  }

  const unavailable = cart.unavailable.length;
  const canPay = cart.sellable.length > 0;

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem] lg:gap-8">
      <div className="space-y-4">
        {unavailable > 0 && (
          <div
            role="status"
            className="flex flex-col gap-3 rounded-2xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200 sm:flex-row sm:items-center sm:justify-between"
          >
            <p className="flex items-start gap-2 text-sm">
              <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700" />
              {unavailable === 1
                ? 'Un producto de tu carrito ya no está a la venta: no se cuenta en el total ni se cobra.'
                : `${unavailable} productos de tu carrito ya no están a la venta: no se cuentan en el total ni se cobran.`}
            </p>
            <Button
              variant="secondary"
              size="sm"
              className="shrink-0"
              onClick={() => cart.removeMany(cart.unavailable.map((item) => item.id))}
            >
              {unavailable === 1 ? 'Quitarlo del carrito' : 'Quitarlos del carrito'}
            </Button>
          </div>
        )}
        <ul
          aria-label="Productos en el carrito"
          className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          {cart.lines.map((line) => (
            <CartLineRow key={line.id} line={line} cart={cart} />
          ))}
        </ul>
      </div>
      <aside
        aria-label="Resumen del carrito"
        className="h-fit rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      >
        <dl className="space-y-3">
          <div className="flex justify-between">
            <dt className="text-muted">Total de créditos</dt>
            <dd className="font-semibold" data-testid="cart-total-credits">
              {formatCredits(cart.totalCredits)}
            </dd>
          </div>
          <div className="flex justify-between text-lg">
            <dt className="font-semibold">Total</dt>
            <dd className="font-bold text-brand-800" data-testid="cart-total">
              {formatMoney(cart.totalCents)}
            </dd>
          </div>
          <div className="flex justify-between text-sm text-muted">
            <dt>{IVA_INCLUDED_LINE}</dt>
            <dd data-testid="cart-iva">{formatMoney(includedIvaCents(cart.totalCents))}</dd>
          </div>
        </dl>
        {canPay ? (
          <Link
            to="/pago"
            className="mt-6 block rounded-lg bg-brand-700 px-4 py-3 text-center font-semibold text-white transition hover:bg-brand-800"
          >
            Continuar al pago
          </Link>
        ) : (
          <p className="mt-6 rounded-lg bg-slate-100 px-4 py-3 text-center text-sm text-muted">
            No hay productos a la venta en tu carrito.
          </p>
        )}
        <button
          type="button"
          onClick={cart.clear}
          className="mt-3 w-full rounded-lg px-4 py-2 text-sm font-semibold text-red-700 transition hover:bg-red-50"
        >
          Vaciar carrito
        </button>
      </aside>
    </div>
  );
}
