import { formatMoney } from '@sala/shared/format/money';
import type { TBranchOption } from '@sala/shared/locations/branches.contract';
import type { TPosProduct } from '@sala/shared/pos/pos.contract';
import { posMessages as m } from '@sala/shared/pos/pos.messages';
import { MAX_POS_QUANTITY } from '@sala/shared/pos/pos.rules';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/link-button';
import { SearchPicker } from '../../../components/ui/search-picker';
import { DocumentSelect, SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { queryKeys } from '../../../lib/query-keys';
import { searchClientPicks } from '../../users/api/users-api';
import type { ClientPick, PosSale } from '../hooks/use-pos-sale';

/** A whole number of units from 1 to the maximum, or null. */
export function parseQuantity(value: string): number | null {
  if (!/^\d+$/.test(value.trim())) return null;
  const quantity = Number(value);
  return quantity >= 1 && quantity <= MAX_POS_QUANTITY ? quantity : null;
}

type Props = {
  sale: PosSale;
  products: TPosProduct[];
  branches: TBranchOption[];
  /** "Solo su sucursal" (issue 45): the sale is at the cashier's branch, shown but not to be changed. */
  branchLocked?: boolean;
  productsLoading: boolean;
};

/** docs/business-rules.md §5: client, branch, product and quantity are all needed to add a line; the same product adds up. */
export function AddProductForm({ sale, products, branches, branchLocked = false, productsLoading }: Props) {
  const [productId, setProductId] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const product = products.find((p) => p.id === productId);
    if ((!sale.client && !sale.walkIn) || !sale.branchId || !product || quantity.trim() === '') {
      setError(m.requiredFields);
      return;
    }
    if (sale.walkIn && product.credits + product.extra > 0) {
      setError(m.walkInCredits);
      return;
    }
    const units = parseQuantity(quantity);
    if (units === null) {
      setError(m.invalidQuantity);
      return;
    }
    setError(undefined);
    sale.addLine({
      productId: product.id,
      name: product.name,
      unitPriceCents: product.priceCents,
      quantity: units,
    });
    setProductId('');
    setQuantity('1');
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Agregar producto" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          {sale.walkIn ? (
            <p
              className="rounded-lg bg-sand-50 px-3 py-2.5 text-sm ring-1 ring-sand-200"
              data-testid="walk-in"
            >
              <span className="font-semibold">Público en general</span>: venta sin cliente, solo de productos
              que no dan créditos.
            </p>
          ) : (
            <SearchPicker<ClientPick>
              label="Cliente"
              search={searchClientPicks}
              searchKey={queryKeys.users.clientPicks}
              selected={sale.client}
              onSelect={(pick) => {
                sale.setClient(pick);
                setError(undefined);
              }}
            />
          )}
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={sale.walkIn}
              onChange={(event) => {
                sale.setWalkIn(event.target.checked);
                setError(undefined);
              }}
              className="size-4 rounded border-slate-300 accent-brand-700"
            />
            Vender al público en general (sin cliente)
          </label>
        </div>
        <DocumentSelect
          label="Sucursal"
          documents={branches}
          value={sale.branchId}
          disabled={branchLocked}
          onChange={(id) => {
            sale.setBranchId(id);
            setError(undefined);
          }}
        />
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)_5.5rem] gap-4 sm:grid-cols-[minmax(0,1fr)_6rem_auto] sm:items-end">
        <SelectField
          label="Producto"
          options={products.map((product) => ({
            value: product.id,
            label: `${product.name} · ${formatMoney(product.priceCents)}`,
          }))}
          value={productId}
          onChange={(id) => {
            setProductId(id);
            setError(undefined);
          }}
          disabled={productsLoading}
        />
        <TextField
          label="Cantidad"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_POS_QUANTITY}
          step={1}
          value={quantity}
          onChange={(event) => {
            setQuantity(event.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit" className="col-span-2 sm:col-span-1">
          <Plus aria-hidden className="size-4" /> Agregar
        </Button>
      </div>
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
