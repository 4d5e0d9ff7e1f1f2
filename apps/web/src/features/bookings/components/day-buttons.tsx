import { formatCalendarDate } from '@sala/shared/format/dates';
import { cx } from '../../../components/ui/field-styles';
import { dayButtonLabel } from '../staff-days';

type Props = {
  days: string[];
  selected: string;
  /** Today in Mexico City: its button carries a dot and aria-current="date". */
  today: string;
  onSelect: (date: string) => void;
};

/** docs/business-rules.md §2 Reservaciones: one button per day ('Lun 23 nov'), the chosen one pressed. */
export function DayButtons({ days, selected, today, onSelect }: Props) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 text-sm font-medium text-ink">Día</legend>
      <div className="grid grid-cols-4 gap-2 sm:flex sm:flex-wrap">
        {days.map((date) => {
          const pressed = date === selected;
          const label = dayButtonLabel(date);
          const [weekday, ...rest] = label.split(' ');
          return (
            <button
              key={date}
              type="button"
              aria-label={label}
              aria-pressed={pressed}
              aria-current={date === today ? 'date' : undefined}
              title={formatCalendarDate(date)}
              onClick={() => onSelect(date)}
              className={cx(
                'relative flex min-w-0 flex-col items-center rounded-xl px-2 py-1.5 whitespace-nowrap transition-colors sm:min-w-[4.75rem]',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
                pressed
                  ? 'bg-brand-700 text-white shadow-sm ring-1 ring-brand-800'
                  : 'bg-white text-ink ring-1 ring-slate-300 hover:bg-brand-50 hover:ring-brand-300',
              )}
            >
              <span
                className={cx(
                  'text-[11px] font-semibold tracking-wide uppercase',
                  pressed ? 'text-brand-100' : 'text-muted',
                )}
              >
                {weekday}
              </span>{' '}
              <span className="text-sm font-semibold">{rest.join(' ')}</span>
              {date === today && (
                <span
                  aria-hidden
                  className={cx(
                    'absolute top-1.5 right-1.5 size-1.5 rounded-full',
                    pressed ? 'bg-sand-400' : 'bg-brand-500',
                  )}
                />
              )}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
