import { formatCredits } from '@sala/shared/format/credits';
import { formatMoney } from '@sala/shared/format/money';
import { Minus, Plus, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { LinkButton } from '../../../components/ui/link-button';
import { useCart } from '../hooks/use-cart';

const iconButton =
  'grid size-9 place-items-center rounded-lg ring-1 ring-slate-300 transition hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40';

export function CartView() {
  const cart = useCart();

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

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
      <ul
        aria-label="Productos en el carrito"
        className="divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
      >
        {cart.items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center gap-4 p-5">
            <div className="min-w-40 flex-1">
              <p className="font-semibold text-ink">{item.name}</p>
              <p className="text-sm text-muted">
                {formatMoney(item.priceCents)} · {formatCredits((item.credits + item.extra) * item.quantity)}
              </p>
            </div>
            <div className="flex items-center gap-2">
              <button
                type="button"
                className={iconButton}
                onClick={() => cart.decrease(item.id)}
                disabled={item.quantity <= 1}
                aria-label={`Quitar uno de ${item.name}`}
              >
                <Minus aria-hidden className="size-4" />
              </button>
              <span className="w-8 text-center font-semibold">
                <span className="sr-only">Cantidad: </span>
                {item.quantity}
              </span>
              <button
                type="button"
                className={iconButton}
                onClick={() => cart.increase(item.id)}
                aria-label={`Agregar uno de ${item.name}`}
              >
                <Plus aria-hidden className="size-4" />
              </button>
            </div>
            <p className="w-24 text-right font-semibold">{formatMoney(item.priceCents * item.quantity)}</p>
            <button
              type="button"
              className={`${iconButton} text-red-600`}
              onClick={() => cart.remove(item.id)}
              aria-label={`Eliminar ${item.name} del carrito`}
            >
              <Trash2 aria-hidden className="size-4" />
            </button>
          </li>
        ))}
      </ul>
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
        </dl>
        <Link
          to="/pago"
          className="mt-6 block rounded-lg bg-brand-700 px-4 py-3 text-center font-semibold text-white transition hover:bg-brand-800"
        >
          Continuar al pago
        </Link>
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
