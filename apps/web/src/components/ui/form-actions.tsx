import { cx } from './field-styles';
import { Button } from './link-button';

/** The Cancelar / Guardar row at the bottom of a form dialog. */
export function FormActions({
  onCancel,
  saving,
  className,
}: {
  onCancel: () => void;
  saving: boolean;
  className?: string;
}) {
  return (
    <div className={cx('flex justify-end gap-2 pb-1', className)}>
      <Button variant="secondary" onClick={onCancel}>
        Cancelar
      </Button>
      <Button type="submit" loading={saving}>
        Guardar
      </Button>
    </div>
  );
}
