import { formatCredits } from '@sala/shared/format/credits';
import { formatDateTime } from '@sala/shared/format/date-time';
import { formatMoney } from '@sala/shared/format/money';
import { formatFolio } from '@sala/shared/orders/folio';
import { paymentMethodLabels } from '@sala/shared/orders/orders.messages';
import { PURCHASE_PAGE_SIZES, type TMyOrder } from '@sala/shared/users/profile.contract';
import { type ComponentType, useMemo, useState } from 'react';
import { DataTable, type DataTableColumn, useTableState } from '../../../components/ui/data-table';
import { Modal } from '../../../components/ui/modal';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { PaymentInstructions, paymentInstructionsTitles } from '../../../components/ui/payment-instructions';
import { type MyInvoice, useMyInvoices } from '../../invoicing/api/invoicing-api';
import { useMyOrders } from '../api/get-my-history';

type PendingOrder = TMyOrder & { instructions: NonNullable<TMyOrder['instructions']> };

const payable = (order: TMyOrder): order is PendingOrder =>
  order.status === 'pending' && order.instructions !== null;

/** Mis pedidos: the client's orders; one waiting for its OXXO or SPEI payment shows how to pay it (issue 24). */
export function PurchaseHistory({
  invoiceCell: InvoiceCell,
}: {
  /** Issue 42: the Factura column's cell, put in by the page (the invoicing feature's). */
  invoiceCell?: ComponentType<{ order: TMyOrder; answer: MyInvoice | undefined }>;
}) {
  const [state, setState] = useTableState({ sort: 'createdAt', dir: 'desc', pageSize: 5 });
  const orders = useMyOrders(state);
  const [showing, setShowing] = useState<PendingOrder | null>(null);
  // The invoices of the sales on this page (issue 42), one request for all of them.
  const orderIds = useMemo(() => (orders.data?.rows ?? []).map((order) => order.id), [orders.data]);
  // Asked only where the page shows the Factura column.
  const invoices = useMyInvoices(InvoiceCell ? orderIds : []);
  const invoicing = invoices.data;
  const answers = useMemo(
    () => new Map((invoicing?.invoices ?? []).map((answer) => [answer.orderId, answer])),
    [invoicing],
  );

  const columns = useMemo<DataTableColumn<TMyOrder>[]>(
    () => [
      {
        // The folio on the client's receipt and voucher (issue 39), the one to quote at the desk.
        id: 'folio',
        header: 'Folio',
        enableSorting: false,
        cell: ({ row }) => (
          <span className="whitespace-nowrap tabular-nums">{formatFolio(row.original.folio)}</span>
        ),
      },
      { id: 'createdAt', header: 'Fecha', cell: ({ row }) => formatDateTime(row.original.createdAt) },
      {
        id: 'products',
        header: 'Productos',
        enableSorting: false,
        cell: ({ row }) => row.original.products.join(', '),
      },
      {
        id: 'method',
        header: 'Forma de pago',
        enableSorting: false,
        cell: ({ row }) => paymentMethodLabels[row.original.method],
      },
      {
        id: 'credits',
        header: 'Créditos',
        enableSorting: false,
        // An OXXO or SPEI order grants its credits only once paid (issue 24): said so while it waits, none if it expired.
        cell: ({ row }) => {
          const { status, creditsGranted } = row.original;
          if (status === 'expired') return 'Ninguno';
          if (status === 'pending') return `${formatCredits(creditsGranted)} al confirmar el pago`;
          return formatCredits(creditsGranted);
        },
      },
      { id: 'totalCents', header: 'Total', cell: ({ row }) => formatMoney(row.original.totalCents) },
      {
        id: 'status',
        header: 'Estado',
        enableSorting: false,
        cell: ({ row }) => {
          const order = row.original;
          return (
            <span className="flex flex-col items-start gap-1.5">
              <OrderStatusBadge status={order.status} />
              {payable(order) && (
                <button
                  type="button"
                  onClick={() => setShowing(order)}
                  aria-label={`Ver datos de pago del pedido ${formatFolio(order.folio)}`}
                  className="text-sm font-medium whitespace-nowrap text-brand-700 underline-offset-2 hover:underline"
                >
                  Ver datos de pago
                </button>
              )}
            </span>
          );
        },
      },
      ...(InvoiceCell && invoicing && invoicing.mode !== 'off'
        ? [
            {
              id: 'invoice',
              header: 'Factura',
              enableSorting: false,
              cell: ({ row }) => <InvoiceCell order={row.original} answer={answers.get(row.original.id)} />,
            } satisfies DataTableColumn<TMyOrder>,
          ]
        : []),
    ],
    [answers, invoicing, InvoiceCell],
  );

  return (
    <>
      <DataTable
        caption="Historial de compras"
        columns={columns}
        data={orders.data}
        isLoading={orders.isFetching}
        state={state}
        onStateChange={setState}
        pageSizes={PURCHASE_PAGE_SIZES}
        getRowId={(row) => row.id}
      />
      {showing && (
        <Modal
          open
          onOpenChange={(open) => !open && setShowing(null)}
          title={paymentInstructionsTitles[showing.instructions.kind]}
          description={`Pedido ${formatFolio(showing.folio)}. Tus créditos se agregarán a tu cuenta cuando se confirme el pago.`}
          size="lg"
        >
          <PaymentInstructions instructions={showing.instructions} amountCents={showing.totalCents} />
        </Modal>
      )}
    </>
  );
}
