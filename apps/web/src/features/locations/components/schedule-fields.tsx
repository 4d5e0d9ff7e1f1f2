import {
  type DaySchedule,
  DEFAULT_WEEKLY_SCHEDULE,
  formatHour,
  hourSlots,
  WEEK_ORDER,
  WEEKDAY_NAMES,
  type WeeklySchedule,
} from '@sala/shared/locations/schedule';
import { cx, fieldErrorClass, fieldLabelClass } from '../../../components/ui/field-styles';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const selectClass =
  'rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40 disabled:bg-slate-100 disabled:text-muted';

type Props = { value: WeeklySchedule; onChange: (schedule: WeeklySchedule) => void; error?: string };

/**
 * The weekly schedule of a branch (docs/business-rules.md D§4): per weekday, open or closed, and the first and last hour a
 * session may start. A day opened again starts from the default hours.
 */
export function ScheduleFields({ value, onChange, error }: Props) {
  const setDay = (index: number, day: DaySchedule) => {
    const next = [...value] as WeeklySchedule;
    next[index] = day;
    onChange(next);
  };

  return (
    <fieldset
      className="flex min-w-0 flex-col gap-2"
      aria-describedby={error ? 'schedule-hint schedule-error' : 'schedule-hint'}
    >
      <legend className={cx(fieldLabelClass, 'mb-1')}>Horario semanal</legend>
      <div className="overflow-x-auto rounded-lg ring-1 ring-slate-200">
        <table className="w-full text-sm">
          <thead className="bg-sand-50 text-xs text-muted">
            <tr>
              <th scope="col" className="px-2 py-2 text-left font-semibold sm:px-3">
                Día
              </th>
              <th scope="col" className="px-2 py-2 text-left font-semibold sm:px-3">
                Primera sesión
              </th>
              <th scope="col" className="px-2 py-2 text-left font-semibold sm:px-3">
                Última sesión
              </th>
              <th scope="col" className="hidden px-3 py-2 text-left font-semibold sm:table-cell">
                Sesiones
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {WEEK_ORDER.map((index) => {
              const day = value[index] ?? null;
              const name = WEEKDAY_NAMES[index];
              return (
                <tr key={index}>
                  <td className="px-2 py-2 sm:px-3">
                    <label className="inline-flex items-center gap-2 font-medium text-ink">
                      <input
                        type="checkbox"
                        checked={day !== null}
                        onChange={(event) =>
                          setDay(
                            index,
                            event.target.checked
                              ? (DEFAULT_WEEKLY_SCHEDULE[index] ?? DEFAULT_WEEKLY_SCHEDULE[1]!)
                              : null,
                          )
                        }
                        aria-label={`Abierto el ${name}`}
                        className="size-4 accent-brand-700"
                      />
                      {name}
                    </label>
                  </td>
                  {day ? (
                    <>
                      <td className="px-2 py-2 sm:px-3">
                        <select
                          aria-label={`Primera sesión del ${name}`}
                          value={day.firstHour}
                          onChange={(event) =>
                            setDay(index, { ...day, firstHour: Number(event.target.value) })
                          }
                          className={selectClass}
                        >
                          {HOURS.map((hour) => (
                            <option key={hour} value={hour}>
                              {formatHour(hour)}
                            </option>
                          ))}
                        </select>
                      </td>
                      <td className="px-2 py-2 sm:px-3">
                        <select
                          aria-label={`Última sesión del ${name}`}
                          value={day.lastHour}
                          onChange={(event) =>
                            setDay(index, { ...day, lastHour: Number(event.target.value) })
                          }
                          className={selectClass}
                        >
                          {HOURS.map((hour) => (
                            <option key={hour} value={hour}>
                              {formatHour(hour)}
                            </option>
                          ))}
                        </select>
                      </td>
                      <td className="hidden px-3 py-2 text-muted sm:table-cell">{hourSlots(day).length}</td>
                    </>
                  ) : (
                    <td colSpan={3} className="px-3 py-2 text-muted">
                      Cerrado
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p id="schedule-hint" className="text-xs text-muted">
        La sucursal abre a la hora de la primera sesión y cierra al terminar la última, una hora después de
        que empieza: así se muestra su horario de atención. Los domingos no se reserva.
      </p>
      {error && (
        <p id="schedule-error" className={fieldErrorClass}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
