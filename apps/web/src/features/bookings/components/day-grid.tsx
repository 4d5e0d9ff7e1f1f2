import type { TDayGridResponse } from '@sala/shared/bookings/bookings.contract';
import { Ban, Gift, Hourglass, Lock, MoveHorizontal, Repeat } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../../../components/ui/field-styles';
import { useFrameFit } from '../hooks/use-frame-fit';
import { holderDisplayName } from '../staff-days';

type Cell = TDayGridResponse['cells'][number];
type Room = TDayGridResponse['rooms'][number];
type Look = 'free' | 'booked' | 'courtesy' | 'blocked' | 'past';

/** The widths (px) a layout needs: rooms as rows with one column per hour, or the transpose. */
const ROOM_HEADER = 112;
const HOUR_CELL = 58;
const HOUR_HEADER = 56;
const ROOM_CELL = 80;

const looks: Record<Look, { label: string; cell: string; swatch: string }> = {
  free: {
    label: 'Libre',
    cell: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
    swatch: 'bg-emerald-50 ring-emerald-300',
  },
  booked: {
    label: 'Reservada',
    cell: 'bg-brand-700 text-white ring-brand-800',
    swatch: 'bg-brand-700 ring-brand-800',
  },
  courtesy: {
    label: 'Cortesía',
    cell: 'bg-sand-200 text-ink ring-sand-400',
    swatch: 'bg-sand-200 ring-sand-400',
  },
  blocked: {
    label: 'Bloqueada',
    cell: 'bg-[repeating-linear-gradient(135deg,var(--color-slate-200)_0_6px,var(--color-slate-100)_6px_12px)] text-slate-700 ring-slate-300',
    swatch:
      'bg-[repeating-linear-gradient(135deg,var(--color-slate-300)_0_4px,var(--color-slate-100)_4px_8px)] ring-slate-400',
  },
  past: {
    label: 'Pasada',
    cell: 'bg-slate-100 text-slate-600 ring-slate-200',
    swatch: 'bg-slate-100 ring-slate-300',
  },
};

const lookOf = (cell: Cell): Look =>
  cell.state === 'booked' ? (cell.isCourtesy ? 'courtesy' : 'booked') : cell.state;

/** The legend of the grid's colours (spec: free, booked, blocked, past; courtesy is a booked session). */
export function GridLegend() {
  return (
    <ul aria-label="Simbología" className="flex flex-wrap gap-x-4 gap-y-2 text-xs text-muted">
      {(Object.keys(looks) as Look[]).map((look) => (
        <li key={look} className="flex items-center gap-1.5">
          <span aria-hidden className={cx('size-3.5 rounded ring-1 ring-inset', looks[look].swatch)} />
          {looks[look].label}
        </li>
      ))}
    </ul>
  );
}

function CellContent({ cell, look, compact }: { cell: Cell; look: Look; compact: boolean }) {
  if (look === 'booked' || look === 'courtesy') {
    const name = holderDisplayName(cell.label ?? '', look === 'courtesy');
    return (
      <span className="flex min-w-0 items-start gap-1">
        {look === 'courtesy' && !compact && <Gift aria-hidden className="mt-px size-3 shrink-0" />}
        {cell.inSeries && !compact && <Repeat aria-hidden className="mt-px size-3 shrink-0" />}
        <span className="line-clamp-2 min-w-0 font-semibold break-words">{name}</span>
        {look === 'courtesy' && <span className="sr-only"> (Cortesía)</span>}
        {cell.inSeries && <span className="sr-only"> (Reserva fija)</span>}
      </span>
    );
  }
  if (look === 'blocked') {
    return (
      <span className="flex items-center gap-1 font-medium">
        <Lock aria-hidden className="size-3 shrink-0" />
        <span className={cx(compact && 'sr-only')}>Bloqueada</span>
      </span>
    );
  }
  // A free cell is its colour alone: the eye goes to what is taken.
  return <span className={cx(look === 'free' && 'sr-only')}>{looks[look].label}</span>;
}

function GridCell({ cell, room, compact }: { cell: Cell | undefined; room: Room; compact: boolean }) {
  if (!cell) return <td className="p-0.5" />;
  const look = lookOf(cell);
  const what =
    look === 'booked' || look === 'courtesy'
      ? `${holderDisplayName(cell.label ?? '', look === 'courtesy')}${look === 'courtesy' ? ' (Cortesía)' : ''}${cell.inSeries ? ' (Reserva fija)' : ''}`
      : looks[look].label;
  return (
    <td className="p-0.5" data-state={cell.state}>
      <div
        title={`${room.name} · ${cell.hour} · ${what}`}
        className={cx(
          'flex items-center overflow-hidden rounded-md px-1.5 text-[11px] leading-tight ring-1 ring-inset',
          compact ? 'h-12' : 'h-10',
          looks[look].cell,
        )}
      >
        <CellContent cell={cell} look={look} compact={compact} />
      </div>
    </td>
  );
}

/** An hour's header: the hour, and how many clients wait for a room at it (the waitlist), if any. */
function HourLabel({ hour, waiting }: { hour: string; waiting: number }) {
  const count = `${waiting} ${waiting === 1 ? 'cliente' : 'clientes'} en lista de espera`;
  return (
    <>
      {hour}
      {waiting > 0 && (
        <span
          title={count}
          data-testid={`waitlist-${hour}`}
          className="mx-auto mt-0.5 flex w-fit items-center gap-0.5 rounded-full bg-amber-100 px-1.5 text-[10px] font-semibold text-amber-900"
        >
          <Hourglass aria-hidden className="size-2.5" />
          <span aria-hidden>{waiting}</span>
          <span className="sr-only">{count}</span>
        </span>
      )}
    </>
  );
}

const headerCell = 'bg-white px-2 py-1.5 text-xs font-semibold text-muted';
const stickyHeader = 'sticky left-0 z-10 bg-white';

/**
 * A branch's day at a glance: each room at each hour, free, booked (with the holder's name), blocked or past.
 * Rooms are rows and hours columns where the frame is wide enough; otherwise (phones, narrow columns) hours are
 * rows and rooms columns, and the frame scrolls sideways on its own with a hint — the page never does.
 */
export function DayGrid({ grid, caption }: { grid: TDayGridResponse; caption: string }) {
  const [frameRef, fit] = useFrameFit<HTMLDivElement>();
  const byKey = new Map(grid.cells.map((cell) => [`${cell.roomId}|${cell.hour}`, cell]));
  const at = (room: Room, hour: string) => byKey.get(`${room.id}|${hour}`);
  const waiting = new Map(grid.waitlist.map((line) => [line.hour, line.count]));
  // Unknown width (the first render, or no ResizeObserver): rooms as rows.
  const roomsAsRows = fit.width === undefined || fit.width >= ROOM_HEADER + grid.hours.length * HOUR_CELL;

  let notice: ReactNode = null;
  if (grid.hours.length === 0) notice = 'La sucursal no abre este día.';
  else if (grid.rooms.length === 0) notice = 'Esta sucursal no tiene salas activas.';

  return (
    <div className="space-y-3">
      {grid.dayBlocked && (
        <p className="flex items-start gap-2 rounded-lg bg-slate-800 px-3 py-2 text-sm font-medium text-white">
          <Ban aria-hidden className="mt-0.5 size-4 shrink-0" />
          Día bloqueado: esta sucursal no recibe reservas este día. Las sesiones ya reservadas se conservan.
        </p>
      )}
      {notice ? (
        <p className="rounded-lg bg-sand-50 px-3 py-6 text-center text-sm text-muted">{notice}</p>
      ) : (
        <>
          {fit.overflows && (
            <p className="flex items-center gap-1.5 text-xs font-medium text-brand-700">
              <MoveHorizontal aria-hidden className="size-4" />
              Desliza la tabla para ver {roomsAsRows ? 'todas las horas' : 'todas las salas'}.
            </p>
          )}
          <section
            ref={frameRef}
            tabIndex={fit.overflows ? 0 : undefined}
            aria-label={caption}
            className="relative overflow-x-auto overscroll-x-contain rounded-lg"
          >
            <table
              className="w-full table-fixed border-separate border-spacing-0 text-left"
              style={roomsAsRows ? undefined : { minWidth: HOUR_HEADER + grid.rooms.length * ROOM_CELL }}
            >
              <caption className="sr-only">{caption}</caption>
              {roomsAsRows ? (
                <>
                  <thead>
                    <tr>
                      <th scope="col" className={cx(headerCell, stickyHeader, 'w-28')}>
                        Sala
                      </th>
                      {grid.hours.map((hour) => (
                        <th key={hour} scope="col" className={cx(headerCell, 'text-center tabular-nums')}>
                          <HourLabel hour={hour} waiting={waiting.get(hour) ?? 0} />
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {grid.rooms.map((room) => (
                      <tr key={room.id}>
                        <th
                          scope="row"
                          className={cx(
                            stickyHeader,
                            'max-w-28 truncate px-2 text-sm font-semibold text-ink',
                          )}
                        >
                          {room.name}
                        </th>
                        {grid.hours.map((hour) => (
                          <GridCell key={hour} cell={at(room, hour)} room={room} compact />
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </>
              ) : (
                <>
                  <thead>
                    <tr>
                      <th scope="col" className={cx(headerCell, stickyHeader, 'w-14')}>
                        Hora
                      </th>
                      {grid.rooms.map((room) => (
                        <th key={room.id} scope="col" className={cx(headerCell, 'truncate text-center')}>
                          {room.name}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {grid.hours.map((hour) => (
                      <tr key={hour}>
                        <th
                          scope="row"
                          className={cx(stickyHeader, 'px-2 text-xs font-semibold text-ink tabular-nums')}
                        >
                          <HourLabel hour={hour} waiting={waiting.get(hour) ?? 0} />
                        </th>
                        {grid.rooms.map((room) => (
                          <GridCell key={room.id} cell={at(room, hour)} room={room} compact={false} />
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </>
              )}
            </table>
          </section>
        </>
      )}
      <GridLegend />
    </div>
  );
}

/** 'N reservadas · M libres' over the grid: the day's load in one line. */
export function gridCounts(grid: TDayGridResponse) {
  const count = (state: Cell['state']) => grid.cells.filter((cell) => cell.state === state).length;
  return { booked: count('booked'), free: count('free') };
}
