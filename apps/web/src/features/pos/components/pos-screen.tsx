import type { TPosOrderResponse } from '@sala/shared/pos/pos.contract';
import { Eraser, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/link-button';
import { PageHeader } from '../../../components/ui/page-header';
import { offeredBranches, startingBranchId } from '../../../lib/staff-branch';
import { useSession } from '../../auth/api/get-session';
import { useAllBranchOptions } from '../../locations/api/branches-api';
import { usePosProducts } from '../api/pos-products-api';
import { usePosSale } from '../hooks/use-pos-sale';
import { AddProductForm } from './add-product-form';
import { ConfirmSaleDialog } from './confirm-sale-dialog';
import { DrawerPanel } from './drawer-panel';
import { NewClientDialog } from './new-client-dialog';
import { PaymentPanel } from './payment-panel';
import { SaleCompleted } from './sale-completed';
import { SaleLinesTable } from './sale-lines-table';

/**
 * /admin/punto-venta (docs/business-rules.md §2, §4, §5): a sale at the counter for a client, paid in cash, card or
 * transfer. It starts on the cashier's home branch, with its drawer; an account with "Solo su sucursal" sells only
 * there (issue 45).
 */
export function PosScreen() {
  const { user } = useSession();
  const branches = useAllBranchOptions();
  const offered = offeredBranches(user, branches.data);
  const sale = usePosSale(startingBranchId(user, branches.data));
  const products = usePosProducts();
  const [confirming, setConfirming] = useState(false);
  const [addingClient, setAddingClient] = useState(false);
  const [completed, setCompleted] = useState<TPosOrderResponse | null>(null);
  const branchName = branches.data?.find((branch) => branch.id === sale.branchId)?.name ?? '';

  return (
    <div className="space-y-6">
      <PageHeader
        title="Punto de venta"
        description="Elige al cliente, la sucursal y los productos; registra el pago en efectivo, tarjeta o transferencia."
        actions={
          <Button variant="secondary" onClick={sale.clear}>
            <Eraser aria-hidden className="size-4" /> Limpiar
          </Button>
        }
      />
      {completed && <SaleCompleted sale={completed} onDismiss={() => setCompleted(null)} />}
      <DrawerPanel branchId={sale.branchId} branchName={branchName} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section
          aria-labelledby="pos-venta-titulo"
          className="space-y-5 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
        >
          {/* "Nuevo cliente" sits right above the client picker, the form's first field. */}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="pos-venta-titulo" className="font-display text-xl font-semibold text-brand-800">
              Venta
            </h2>
            <Button variant="secondary" size="sm" onClick={() => setAddingClient(true)}>
              <UserPlus aria-hidden className="size-4" /> Nuevo cliente
            </Button>
          </div>
          <AddProductForm
            sale={sale}
            products={products.data ?? []}
            branches={offered}
            branchLocked={Boolean(user?.branchOnly)}
            productsLoading={products.isPending}
          />
          <SaleLinesTable sale={sale} />
        </section>
        <PaymentPanel sale={sale} onPay={() => setConfirming(true)} />
      </div>
      {addingClient && <NewClientDialog onClose={() => setAddingClient(false)} onCreated={sale.setClient} />}
      {confirming && (
        <ConfirmSaleDialog
          sale={sale}
          branchName={branchName}
          onClose={() => setConfirming(false)}
          onCompleted={(response) => {
            setCompleted(response);
            sale.clear();
          }}
        />
      )}
    </div>
  );
}
