import type { TPublicBranch } from '@sala/shared/bookings/availability.contract';
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { cx, fieldControlClass, fieldLabelClass } from '../../../components/ui/field-styles';

export const ALL_BRANCHES = 'Todas las sucursales';

/** The branches by zone, zones and branches in alphabetical order: the order of every branch list here. */
export function branchesByZone(branches: TPublicBranch[]): { zone: string; branches: TPublicBranch[] }[] {
  const zones = new Map<string, TPublicBranch[]>();
  const sorted = [...branches].sort(
    (a, b) => a.cityName.localeCompare(b.cityName, 'es') || a.name.localeCompare(b.name, 'es'),
  );
  for (const branch of sorted) zones.set(branch.cityName, [...(zones.get(branch.cityName) ?? []), branch]);
  return [...zones].map(([zone, list]) => ({ zone, branches: list }));
}

type Props = {
  label: string;
  branches: TPublicBranch[];
  /** '' is every branch (only when `allLabel` is given). */
  value: string;
  onChange: (branchId: string) => void;
  /** The option for every branch; without it one branch must be chosen. */
  allLabel?: string;
  disabled?: boolean;
  className?: string;
  /** A smaller control, for the grid's own picker. */
  compact?: boolean;
};

/** A native select of branches grouped by zone (optgroups), with an optional 'every branch' first option. */
export function BranchSelect({
  label,
  branches,
  value,
  onChange,
  allLabel,
  disabled,
  className,
  compact,
}: Props) {
  const id = useId();
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className={cx(fieldLabelClass, compact && 'text-xs text-muted')}>
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          className={cx(fieldControlClass(false), 'appearance-none pr-9', compact && 'py-1.5')}
        >
          {allLabel !== undefined && <option value="">{allLabel}</option>}
          {branchesByZone(branches).map(({ zone, branches: list }) => (
            <optgroup key={zone} label={zone}>
              {list.map((branch) => (
                <option key={branch.id} value={branch.id}>
                  {branch.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <ChevronDown
          aria-hidden
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted"
        />
      </div>
    </div>
  );
}
