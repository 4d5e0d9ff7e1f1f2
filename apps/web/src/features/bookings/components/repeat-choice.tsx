import { firstSeriesCount, SERIES_MIN_COUNT } from '@sala/shared/bookings/series-limits';
import { SelectField } from '../../../components/ui/select-field';

/** How often a booking repeats: once (everyWeeks 0), every week or every two weeks, for `count` dates. */
export type Repeat = { everyWeeks: 0 | 1 | 2; count: number };

const cadences = [
  { value: '1', label: 'Cada semana' },
  { value: '2', label: 'Cada dos semanas' },
];

/**
 * "Repetir" in the summary (a standing slot, docs/decisions/019): once unless told, then how many dates, from 2 to
 * the branch's limit. Plain selects, so it costs the wizard almost nothing until a client repeats.
 */
export function RepeatChoice({
  value,
  max,
  onChange,
}: {
  value: Repeat;
  max: number;
  onChange: (next: Repeat) => void;
}) {
  const counts = Array.from({ length: Math.max(0, max - SERIES_MIN_COUNT + 1) }, (_, i) => {
    const count = String(SERIES_MIN_COUNT + i);
    return { value: count, label: `${count} sesiones` };
  });
  return (
    // One above the other: side by side, in the summary's 20rem (or a phone), neither label fit its select.
    <div className="grid gap-3 border-t border-slate-200 pt-4" data-testid="repeat-choice">
      <SelectField
        label="Repetir"
        placeholder="Solo esta vez"
        options={cadences}
        value={value.everyWeeks === 0 ? '' : String(value.everyWeeks)}
        onChange={(next) =>
          onChange({
            everyWeeks: Number(next) as Repeat['everyWeeks'],
            // A new series starts on a few dates (4, or fewer where the branch allows fewer), not the most.
            count: value.everyWeeks === 0 ? firstSeriesCount(max) : value.count,
          })
        }
      />
      {value.everyWeeks !== 0 && (
        <SelectField
          label="¿Cuántas?"
          required
          options={counts}
          value={String(value.count)}
          onChange={(next) => onChange({ ...value, count: Number(next) })}
        />
      )}
    </div>
  );
}
