import { cx } from './field-styles';

/** 'Activo' in green or 'Inactivo' in grey: the read-only face of the status toggle. */
export function StatusBadge({ isActive }: { isActive: boolean }) {
  return (
    <span
      className={cx(
        'rounded-full px-2 py-0.5 text-xs font-semibold',
        isActive ? 'bg-emerald-50 text-emerald-700' : 'bg-slate-100 text-slate-600',
      )}
    >
      {isActive ? 'Activo' : 'Inactivo'}
    </span>
  );
}
