import type { TStaffSession } from '@sala/shared/bookings/bookings.contract';
import { Repeat } from 'lucide-react';
import type { DataTableColumn } from '../../../components/ui/data-table';
import { holderDisplayName } from '../staff-days';

const NONE = <span className="text-muted">—</span>;

export function CourtesyBadge() {
  return (
    <span className="rounded-full bg-sand-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-sand-700 ring-1 ring-sand-200 ring-inset">
      Cortesía
    </span>
  );
}

/** A session of a standing slot (reserva fija). */
export function SeriesBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-brand-800 ring-1 ring-brand-200 ring-inset">
      <Repeat aria-hidden className="size-3" /> Reserva fija
    </span>
  );
}

/** Who holds the session: the client, or the courtesy name marked 'Cortesía'; a standing slot's marked too. */
export function HolderName({ session }: { session: TStaffSession }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="font-medium text-ink">
        {holderDisplayName(session.holderName, session.isCourtesy)}
      </span>
      {session.isCourtesy && <CourtesyBadge />}
      {session.seriesId && <SeriesBadge />}
    </span>
  );
}

/** The columns both day lists share (docs/business-rules.md §2): Hora, Zona, Sucursal, Sala, Cliente, Teléfono, Reservó. */
export const sessionColumns: DataTableColumn<TStaffSession>[] = [
  {
    id: 'startsAt',
    header: 'Hora',
    cell: ({ row }) => <span className="font-semibold text-ink tabular-nums">{row.original.hour}</span>,
  },
  { id: 'cityName', header: 'Zona', enableSorting: false, cell: ({ row }) => row.original.cityName },
  { id: 'branchName', header: 'Sucursal', cell: ({ row }) => row.original.branchName },
  {
    id: 'roomName',
    header: 'Sala',
    cell: ({ row }) => <span className="whitespace-nowrap">{row.original.roomName}</span>,
  },
  { id: 'holderName', header: 'Cliente', cell: ({ row }) => <HolderName session={row.original} /> },
  {
    id: 'phone',
    header: 'Teléfono',
    enableSorting: false,
    cell: ({ row }) =>
      row.original.phone ? (
        <a
          href={`tel:${row.original.phone}`}
          className="whitespace-nowrap text-brand-700 tabular-nums underline-offset-2 hover:underline"
        >
          {row.original.phone}
        </a>
      ) : (
        NONE
      ),
  },
  {
    id: 'bookedByName',
    header: 'Reservó',
    enableSorting: false,
    cell: ({ row }) => row.original.bookedByName ?? NONE,
  },
];
