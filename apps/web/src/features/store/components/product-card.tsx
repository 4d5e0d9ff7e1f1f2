import type { TPublicProduct } from '@sala/shared/catalog/catalog.contract';
import { formatCredits } from '@sala/shared/format/credits';
import { formatMoney } from '@sala/shared/format/money';
import { IVA_INCLUDED } from '@sala/shared/tax/iva';
import { Gift, ShoppingCart } from 'lucide-react';
import { ValidityNote } from './validity-note';

export function ProductCard({
  product,
  onAdd,
}: {
  product: TPublicProduct;
  onAdd: (product: TPublicProduct) => void;
}) {
  return (
    <article className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-md">
      <h3 className="font-display text-xl font-semibold text-brand-800">{product.name}</h3>
      <p className="mt-3 text-3xl font-bold text-ink">
        {formatMoney(product.priceCents)}
        <span className="ml-1 text-sm font-medium text-muted">MXN</span>
      </p>
      <p className="mt-0.5 text-xs font-medium text-muted">{IVA_INCLUDED}</p>
      {product.credits + product.extra > 0 && (
        <>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
            <span className="rounded-full bg-brand-50 px-2.5 py-0.5 font-semibold text-brand-700">
              {formatCredits(product.credits)}
            </span>
            {product.extra > 0 && (
              <span className="flex items-center gap-1 rounded-full bg-sand-100 px-2.5 py-0.5 font-semibold text-sand-700">
                <Gift aria-hidden className="size-3.5" />+{formatCredits(product.extra)} de regalo
              </span>
            )}
          </p>
          <ValidityNote validityDays={product.validityDays} className="mt-2" />
        </>
      )}
      <p className="mt-3 flex-1 text-sm leading-relaxed text-muted">{product.description}</p>
      <button
        type="button"
        onClick={() => onAdd(product)}
        className="mt-5 inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white transition hover:bg-brand-800"
      >
        {/* The name read aloud starts with the visible words, so a voice command for them finds the button. */}
        <ShoppingCart aria-hidden className="size-4" /> Agregar al carrito{' '}
        <span className="sr-only">({product.name})</span>
      </button>
    </article>
  );
}
