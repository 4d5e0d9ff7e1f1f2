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
          <div className="min-w-48">
            <p className="font-medium text-ink">{row.original.name}</p>
            <p className="line-clamp-1 text-xs text-muted">{row.original.description}</p>
          </div>
        ),
      },
      {
        id: 'isDigital',
        header: 'Tipo',
        cell: ({ row }) => (
          <span className="whitespace-nowrap">
            {row.original.isDigital ? productTypeLabels.online : productTypeLabels.pos}
          </span>
        ),
      },
      { id: 'isService', header: 'Servicio', cell: ({ row }) => (row.original.isService ? 'Sí' : 'No') },
      { id: 'priceCents', header: 'Precio', cell: ({ row }) => formatMoney(row.original.priceCents) },
      { id: 'credits', header: 'Créditos', cell: ({ row }) => row.original.credits },
      { id: 'extra', header: 'Extra', cell: ({ row }) => row.original.extra },
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
