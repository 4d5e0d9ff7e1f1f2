import { ArrowLeft, Printer } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { cx } from '../../../components/ui/field-styles';
import { Button } from '../../../components/ui/link-button';
import { PageLoader } from '../../../components/ui/spinner';
import { useOrderTicket } from '../api/orders-api';
import { OrderPaymentPanel } from './order-payment-panel';
import { OrderTicket, type TicketPaper } from './order-ticket';

const papers: { value: TicketPaper; label: string }[] = [
  { value: '80mm', label: '80 mm' },
  { value: 'a4', label: 'A4' },
];

/** The receipt printer's margins, in millimetres: 80 mm paper with 72 mm printable. */
const RECEIPT_MARGIN_MM = 4;
const PX_PER_MM = 96 / 25.4;

/**
 * The @page rule of the chosen paper. A receipt is one page as long as the ticket (measured on screen at its
 * printed width), so a roll printer cuts it once; A4 is a sheet with ordinary margins.
 */
function pageRule(paper: TicketPaper, ticketHeightPx: number) {
  if (paper === 'a4') return '@page { size: A4 portrait; margin: 15mm; }';
  const height = Math.ceil(ticketHeightPx / PX_PER_MM + 2 * RECEIPT_MARGIN_MM + 2);
  return `@page { size: 80mm ${height}mm; margin: ${RECEIPT_MARGIN_MM}mm; }`;
}

/** /admin/ordenes/:id/ticket: the ticket on screen, the paper to print it on (?papel=a4) and a print button. */
export function TicketScreen({
  orderId,
  backTo,
  canManage = false,
}: {
  orderId: string;
  backTo: { to: string; label: string };
  /** The super admin: may confirm a pending payment in test mode ('Simular pago', issue 24). */
  canManage?: boolean;
}) {
  const ticket = useOrderTicket(orderId);
  const [params, setParams] = useSearchParams();
  const paper: TicketPaper = params.get('papel') === 'a4' ? 'a4' : '80mm';
  const ticketRef = useRef<HTMLElement>(null);
  const [height, setHeight] = useState(0);

  // The receipt's page is as long as the ticket: measured again whenever it changes size (the paper, say).
  useLayoutEffect(() => {
    const element = ticketRef.current;
    if (!ticket.data || !element) return;
    const measure = () => setHeight(element.scrollHeight);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ticket.data]);

  return (
    <div className="space-y-6 print:space-y-0">
      <style>{`@media print { ${pageRule(paper, height)} html, body { background: #fff; } }`}</style>
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <div className="space-y-1">
          <Link
            to={backTo.to}
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          >
            <ArrowLeft aria-hidden className="size-4" /> {backTo.label}
          </Link>
          <h1 className="font-display text-3xl font-semibold text-brand-800">Ticket</h1>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <fieldset className="flex rounded-lg bg-white p-1 ring-1 ring-slate-300">
            <legend className="sr-only">Papel</legend>
            {papers.map((option) => (
              <label
                key={option.value}
                className={cx(
                  'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500',
                  paper === option.value ? 'bg-brand-700 text-white' : 'text-ink hover:bg-sand-50',
                )}
              >
                <input
                  type="radio"
                  name="papel"
                  value={option.value}
                  checked={paper === option.value}
                  onChange={() => setParams(option.value === 'a4' ? { papel: 'a4' } : {}, { replace: true })}
                  className="sr-only"
                />
                {option.label}
              </label>
            ))}
          </fieldset>
          <Button onClick={() => window.print()} disabled={!ticket.data}>
            <Printer aria-hidden className="size-4" /> Imprimir
          </Button>
        </div>
      </div>

      {ticket.isPending ? (
        <PageLoader />
      ) : ticket.isError ? (
        <p role="alert" className="rounded-2xl bg-white p-6 text-red-700 shadow-sm ring-1 ring-slate-200">
          {ticket.error.message}
        </p>
      ) : (
        <>
          <OrderPaymentPanel order={ticket.data} canManage={canManage} />
          <div
            className={cx(
              'mx-auto w-fit max-w-full overflow-x-auto bg-white shadow-md ring-1 ring-slate-200 print:overflow-visible print:shadow-none print:ring-0',
              paper === '80mm'
                ? 'px-[4mm] py-5 print:p-0'
                : 'w-full max-w-[210mm] px-6 py-8 sm:px-12 print:max-w-none print:p-0',
            )}
          >
            <OrderTicket ref={ticketRef} order={ticket.data} paper={paper} />
          </div>
        </>
      )}
    </div>
  );
}
