import { useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { cx } from './field-styles';
import { notify } from './toast';

export const activeToggleText = {
  confirmDeactivate: '¿Seguro que deseas desactivar este elemento?',
  confirmActivate: '¿Seguro que deseas activar este elemento?',
  deactivated: 'Elemento desactivado con éxito',
  activated: 'Elemento activado con éxito',
} as const;

type ActiveToggleProps = {
  isActive: boolean;
  /** Saves the new state; a rejection keeps the dialog open (the caller shows the error). */
  onChange: (next: boolean) => Promise<unknown>;
  /** Names the item for screen readers, e.g. 'Ana López'. */
  itemName: string;
  disabled?: boolean;
};

/**
 * The generic status toggle of docs/business-rules.md §4: asks for confirmation, flips the flag and says so in a grey toast when
 * deactivated, green when activated. Used for users, rooms and products.
 */
export function ActiveToggle({ isActive, onChange, itemName, disabled = false }: ActiveToggleProps) {
  const [open, setOpen] = useState(false);
  const next = !isActive;
  return (
    <>
      <button
        type="button"
        role="switch"
        aria-checked={isActive}
        aria-label={`${isActive ? 'Desactivar' : 'Activar'} ${itemName}`}
        disabled={disabled}
        onClick={() => setOpen(true)}
        className={cx(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-50',
          isActive ? 'bg-emerald-600' : 'bg-slate-300',
        )}
      >
        <span
          aria-hidden
          className={cx(
            'inline-block size-5 rounded-full bg-white shadow transition-transform',
            isActive ? 'translate-x-5' : 'translate-x-0.5',
          )}
        />
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={next ? 'Activar' : 'Desactivar'}
        description={next ? activeToggleText.confirmActivate : activeToggleText.confirmDeactivate}
        confirmLabel={next ? 'Activar' : 'Desactivar'}
        tone={next ? 'default' : 'danger'}
        onConfirm={async () => {
          await onChange(next);
          if (next) notify.success(activeToggleText.activated);
          else notify.neutral(activeToggleText.deactivated);
        }}
      />
    </>
  );
}
