import { formatMoney } from '@sala/shared/format/money';
import { MAX_POS_QUANTITY } from '@sala/shared/pos/pos.rules';
import { ShoppingBasket, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { IconButton } from '../../../components/ui/icon-button';
import type { PosSale, SaleLine } from '../hooks/use-pos-sale';
import { parseQuantity } from './add-product-form';

/** The products of the sale, each quantity editable in place, with the total at the foot. */
export function SaleLinesTable({ sale }: { sale: PosSale }) {
  if (sale.lines.length === 0)
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-muted">
        <ShoppingBasket aria-hidden className="size-8 text-brand-300" />
        Aún no hay productos en esta venta.
      </div>
    );
  return (
    <div className="overflow-hidden rounded-xl ring-1 ring-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Productos de la venta</caption>
        <thead className="bg-sand-50 text-xs tracking-wide text-muted uppercase">
          <tr>
            <th scope="col" className="px-3 py-2.5 font-semibold">
              Producto
            </th>
            <th scope="col" className="w-20 px-2 py-2.5 font-semibold">
              Cant.
            </th>
            <th scope="col" className="px-2 py-2.5 text-right font-semibold">
              Importe
            </th>
            <th scope="col" className="w-10 px-1 py-2.5">
              <span className="sr-only">Quitar</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {sale.lines.map((line) => (
            <tr key={line.productId}>
              <td className="px-3 py-2.5">
                <p className="font-medium text-ink">{line.name}</p>
                <p className="text-xs text-muted">{formatMoney(line.unitPriceCents)} c/u</p>
              </td>
              <td className="px-2 py-2.5">
                <QuantityInput
                  line={line}
                  onChange={(quantity) => sale.setQuantity(line.productId, quantity)}
                />
              </td>
              <td className="px-2 py-2.5 text-right font-medium whitespace-nowrap tabular-nums">
                {formatMoney(line.unitPriceCents * line.quantity)}
              </td>
              <td className="px-1 py-2.5 text-right">
                <IconButton
                  icon={Trash2}
                  tone="danger"
                  label={`Quitar ${line.name}`}
                  onClick={() => sale.removeLine(line.productId)}
                />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-slate-200 bg-sand-50">
          <tr>
            <th scope="row" colSpan={2} className="px-3 py-3 text-left font-semibold text-ink">
              Total
            </th>
            <td
              data-testid="sale-total"
              className="px-2 py-3 text-right text-base font-bold text-brand-800 tabular-nums"
            >
              {formatMoney(sale.totalCents)}
            </td>
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** Typing shows as typed; a valid quantity (1 to 99) goes to the sale at once, anything else is undone on blur. */
function QuantityInput({ line, onChange }: { line: SaleLine; onChange: (quantity: number) => void }) {
  const [draft, setDraft] = useState(String(line.quantity));
  const [shown, setShown] = useState(line.quantity);
  if (shown !== line.quantity) {
    // The quantity changed from outside (the same product added again): show it.
    setShown(line.quantity);
    setDraft(String(line.quantity));
  }
  return (
    <input
      type="number"
      inputMode="numeric"
      min={1}
      max={MAX_POS_QUANTITY}
      step={1}
      aria-label={`Cantidad de ${line.name}`}
      value={draft}
      onChange={(event) => {
        setDraft(event.target.value);
        const quantity = parseQuantity(event.target.value);
        if (quantity !== null && quantity !== line.quantity) {
          setShown(quantity);
          onChange(quantity);
        }
      }}
      onBlur={() => setDraft(String(line.quantity))}
      className="w-16 rounded-lg border border-slate-300 px-2 py-1.5 text-sm tabular-nums focus:border-brand-500 focus:ring-2 focus:ring-brand-500/40 focus:outline-none"
    />
  );
}
