import { cx } from './field-styles';
import { Button } from './link-button';

/** The Cancelar / Guardar row at the bottom of a form dialog (the submit may say what it does instead). */
export function FormActions({
  onCancel,
  saving,
  saveLabel = 'Guardar',
  tone = 'primary',
  className,
}: {
  onCancel: () => void;
  saving: boolean;
  saveLabel?: string;
  tone?: 'primary' | 'danger';
  className?: string;
}) {
  return (
    <div className={cx('flex justify-end gap-2 pb-1', className)}>
      <Button variant="secondary" onClick={onCancel}>
        Cancelar
      </Button>
      <Button type="submit" variant={tone} loading={saving}>
        {saveLabel}
      </Button>
    </div>
  );
}
