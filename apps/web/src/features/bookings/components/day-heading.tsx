import { formatCalendarDate } from '@sala/shared/format/dates';

/** 'N sesiones': the day's total, whatever page is shown. */
export const sessionCount = (total: number) => (total === 1 ? '1 sesión' : `${total} sesiones`);

/** The chosen day in words and how many sessions it holds. */
export function DayHeading({
  date,
  total,
  note,
}: {
  date: string;
  total: number | undefined;
  note?: string;
}) {
  const words = formatCalendarDate(date);
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
      <h2 className="font-display text-2xl font-semibold text-ink">
        {words.charAt(0).toUpperCase()}
        {words.slice(1)}
      </h2>
      <p aria-live="polite" className="text-sm font-medium text-muted">
        {total === undefined ? 'Cargando...' : sessionCount(total)}
        {note && total !== undefined ? ` ${note}` : ''}
      </p>
    </div>
  );
}
