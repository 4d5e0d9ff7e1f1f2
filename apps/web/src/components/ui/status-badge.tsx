import type { ReactNode } from 'react';
import { cx } from './field-styles';

export type BadgeTone = 'success' | 'warning' | 'danger' | 'neutral';

const tones: Record<BadgeTone, string> = {
  success: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  warning: 'bg-amber-50 text-amber-800 ring-amber-200',
  danger: 'bg-red-50 text-red-700 ring-red-200',
  neutral: 'bg-slate-100 text-slate-600 ring-slate-200',
};

/** A short state in a coloured pill ('Completada', 'Cancelada', 'Activo'…); `state` names it for tests and CSS. */
export function Badge({ tone, state, children }: { tone: BadgeTone; state?: string; children: ReactNode }) {
  return (
    <span
      data-state={state}
      className={cx(
        'inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1',
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}

/** 'Activo' in green or 'Inactivo' in grey: the read-only face of the status toggle. */
export function StatusBadge({ isActive }: { isActive: boolean }) {
  return <Badge tone={isActive ? 'success' : 'neutral'}>{isActive ? 'Activo' : 'Inactivo'}</Badge>;
}
