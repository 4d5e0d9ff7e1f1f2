import { cx } from './field-styles';

export type CharCount = { count: number; max: number };

/**
 * '120/500' under a field whose text has a limit, red past it: the limit is seen while typing, not learnt from a
 * refusal (issue 39). Read with the field as '120 de 500 caracteres'.
 */
export function CharCounter({ id, count, max }: CharCount & { id: string }) {
  return (
    <p
      id={id}
      className={cx(
        'ml-auto text-xs tabular-nums',
        count > max ? 'font-semibold text-red-600' : 'text-muted',
      )}
    >
      <span aria-hidden="true">
        {count}/{max}
      </span>
      <span className="sr-only">
        {count} de {max} caracteres
      </span>
    </p>
  );
}
