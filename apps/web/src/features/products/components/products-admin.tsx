import { formatMoney } from '@sala/shared/format/money';
import { productSortable, productTypeLabels, type TProduct } from '@sala/shared/products/products.contract';
import { productMessages as m } from '@sala/shared/products/products.messages';
import { DEFAULT_PAGE_SIZES } from '@sala/shared/table/table.contract';
import { Pencil } from 'lucide-react';
import { useMemo, useState } from 'react';
import { ActiveStatus } from '../../../components/ui/active-status';
import { AdminScreen, actionsColumn } from '../../../components/ui/admin-screen';
import { DataTable, type DataTableColumn, useTableState } from '../../../components/ui/data-table';
import { IconButton } from '../../../components/ui/icon-button';
import { reportFailure } from '../../../lib/form-errors';
import { useProducts, useSetProductActive } from '../api/products-api';
import { ProductFormDialog } from './product-form-dialog';

/** /admin/productos: online packages and services and point-of-sale products; changes for the super admin. */
export function ProductsAdmin({ canEdit }: { canEdit: boolean }) {
  const [state, setState] = useTableState({ sort: productSortable[0] });
  const products = useProducts(state);
  const setActive = useSetProductActive();
  const [editing, setEditing] = useState<TProduct | 'new' | null>(null);

  const columns = useMemo<DataTableColumn<TProduct>[]>(
    () => [
      {
        id: 'name',
        header: 'Nombre',
        cell: ({ row }) => (
          <div className="xl:min-w-40 xl:max-w-72">
            <p className="font-medium text-ink">{row.original.name}</p>
            <p className="line-clamp-2 text-xs text-muted xl:line-clamp-1">{row.original.description}</p>
          </div>
        ),
      },
      {
        // The service flag rides along with the type: it only means something online.
        id: 'isDigital',
        header: 'Tipo',
        cell: ({ row }) => (
          <div className="flex flex-col items-start gap-1">
            <span className="whitespace-nowrap">
              {row.original.isDigital ? productTypeLabels.online : productTypeLabels.pos}
            </span>
            {row.original.isService && (
              <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
                Servicio
              </span>
            )}
          </div>
        ),
      },
      {
        id: 'priceCents',
        header: 'Precio',
        cell: ({ row }) => <span className="whitespace-nowrap">{formatMoney(row.original.priceCents)}</span>,
      },
      {
        id: 'credits',
        header: 'Créditos',
        cell: ({ row }) => <ProductCredits credits={row.original.credits} extra={row.original.extra} />,
      },
      {
        // Issue 44: how long the credits last after the payment (the API does not sort by it).
        id: 'validityDays',
        header: 'Vigencia',
        enableSorting: false,
        cell: ({ row }) => <ProductValidity product={row.original} />,
      },
      {
        id: 'isActive',
        header: 'Estado',
        cell: ({ row }) => (
          <ActiveStatus
            canChange={canEdit}
            isActive={row.original.isActive}
            itemName={row.original.name}
            onChange={(isActive) =>
              reportFailure(() => setActive.mutateAsync({ id: row.original.id, isActive }), m.saveFailed)
            }
          />
        ),
      },
      ...actionsColumn<TProduct>(canEdit, (product) => (
        <IconButton icon={Pencil} label={`Editar ${product.name}`} onClick={() => setEditing(product)} />
      )),
    ],
    [canEdit, setActive],
  );

  return (
    <AdminScreen
      title="Productos"
      description="Los paquetes y servicios de la tienda en línea y los productos del punto de venta. Un producto inactivo deja de venderse al instante."
      createLabel="Nuevo producto"
      onCreate={canEdit ? () => setEditing('new') : undefined}
    >
      <DataTable
        caption="Productos"
        columns={columns}
        data={products.data}
        isLoading={products.isFetching}
        state={state}
        onStateChange={setState}
        pageSizes={DEFAULT_PAGE_SIZES}
        getRowId={(row) => row.id}
      />
      {editing && (
        <ProductFormDialog
          product={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </AdminScreen>
  );
}

/** '60 días', '1 día', 'Sin vencimiento' (credits that never expire), or a dash for a product without credits. */
function ProductValidity({ product }: { product: TProduct }) {
  const { validityDays } = product;
  if (product.credits === 0 && product.extra === 0)
    return (
      <>
        <span aria-hidden className="text-muted">
          —
        </span>
        <span className="sr-only">No aplica</span>
      </>
    );
  if (!validityDays) return <span className="whitespace-nowrap text-muted">Sin vencimiento</span>;
  return <span className="whitespace-nowrap">{validityDays === 1 ? '1 día' : `${validityDays} días`}</span>;
}

/** '6 + 1 de regalo', '5', or a dash for a product that grants no credits. */
function ProductCredits({ credits, extra }: { credits: number; extra: number }) {
  if (credits === 0 && extra === 0)
    return (
      <>
        <span aria-hidden className="text-muted">
          —
        </span>
        <span className="sr-only">Sin créditos</span>
      </>
    );
  return (
    <span className="whitespace-nowrap">
      {credits}
      {extra > 0 && <span className="text-muted"> + {extra} de regalo</span>}
    </span>
  );
}
