import type { TDrawer } from '@sala/shared/cash-drawer/drawer.contract';
import { differenceLabels, drawerMessages as m } from '@sala/shared/cash-drawer/drawer.messages';
import {
  countedFromPieces,
  drawerDifference,
  MXN_DENOMINATIONS,
} from '@sala/shared/cash-drawer/drawer.rules';
import { formatMoney } from '@sala/shared/format/money';
import { type FormEvent, useState } from 'react';
import { cx } from '../../../components/ui/field-styles';
import { Button } from '../../../components/ui/link-button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { notify } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useAppNavigate } from '../../../lib/navigation';
import { useCloseDrawer } from '../api/cash-drawer-api';
import { pesosFieldToCents } from '../hooks/use-pos-sale';

/**
 * Closing the drawer (issue 22): the cash counted, with the bill-and-coin counter or as a total, against what it
 * should hold; the difference (sobrante or faltante) needs a note. Once closed, its report (Z) opens.
 */
export function CloseDrawerDialog({ drawer, onClose }: { drawer: TDrawer; onClose: () => void }) {
  const close = useCloseDrawer();
  const navigate = useAppNavigate();
  const [mode, setMode] = useState<'pieces' | 'total'>('pieces');
  const [pieces, setPieces] = useState<Record<string, string>>({});
  const [total, setTotal] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();

  const counts = Object.fromEntries(
    Object.entries(pieces)
      .map(([value, text]) => [value, text.trim() === '' ? 0 : Number(text)] as const)
      .filter(([, n]) => n !== 0),
  );
  const piecesValid = Object.values(counts).every((n) => Number.isInteger(n) && n >= 0);
  const countedCents = mode === 'pieces' ? countedFromPieces(counts) : pesosFieldToCents(total);
  const countValid =
    mode === 'pieces'
      ? piecesValid
      : total.trim() !== '' && Number.isInteger(countedCents) && countedCents >= 0;
  const difference = drawerDifference(countValid ? countedCents : 0, drawer.expectedCents);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!countValid) {
      setError(mode === 'pieces' ? m.invalidPieces : m.invalidCount);
      return;
    }
    if (difference.kind !== 'even' && !note.trim()) {
      setError(m.noteRequired);
      return;
    }
    try {
      const closed = await close.mutateAsync({
        id: drawer.id,
        ...(mode === 'pieces' ? { pieces: counts } : { countedCents }),
        note: note.trim() || undefined,
      });
      notify.success(m.closedOk);
      onClose();
      navigate(`/admin/caja/${closed.id}`);
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.message : m.invalidCount;
      setError(message);
      notify.error(message);
    }
  };

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Cerrar caja" size="lg">
      <form onSubmit={(event) => void submit(event)} className="space-y-4" data-testid="close-drawer">
        <fieldset className="flex gap-2 text-sm">
          <legend className="sr-only">Cómo contar</legend>
          {(
            [
              ['pieces', 'Contar billetes y monedas'],
              ['total', 'Escribir el total'],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className={cx(
                'cursor-pointer rounded-lg px-3 py-1.5 font-medium ring-1',
                mode === value ? 'bg-brand-700 text-white ring-brand-800' : 'ring-slate-300 hover:bg-sand-50',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500',
              )}
            >
              <input
                type="radio"
                name="modo-conteo"
                value={value}
                checked={mode === value}
                onChange={() => setMode(value)}
                className="sr-only"
              />
              {label}
            </label>
          ))}
        </fieldset>
        {mode === 'pieces' ? (
          <div className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
            {MXN_DENOMINATIONS.map((value) => (
              <TextField
                key={value}
                label={`Piezas de ${formatMoney(value)}`}
                inputMode="numeric"
                value={pieces[String(value)] ?? ''}
                onChange={(event) => {
                  setPieces({ ...pieces, [String(value)]: event.target.value });
                  setError(undefined);
                }}
              />
            ))}
          </div>
        ) : (
          <TextField
            label="Efectivo contado (pesos)"
            inputMode="decimal"
            value={total}
            onChange={(event) => {
              setTotal(event.target.value);
              setError(undefined);
            }}
            containerClassName="max-w-xs"
          />
        )}
        <dl className="space-y-1 rounded-lg bg-sand-50 px-4 py-3 text-sm" aria-live="polite">
          <div className="flex justify-between gap-4">
            <dt>Efectivo esperado</dt>
            <dd className="tabular-nums">{formatMoney(drawer.expectedCents)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt>Contado</dt>
            <dd className="tabular-nums" data-testid="counted">
              {countValid ? formatMoney(countedCents) : '—'}
            </dd>
          </div>
          <div
            className={cx(
              'flex justify-between gap-4 font-semibold',
              difference.kind === 'short' && 'text-red-700',
              difference.kind === 'over' && 'text-amber-800',
            )}
          >
            <dt>{differenceLabels[difference.kind]}</dt>
            <dd className="tabular-nums" data-testid="difference">
              {formatMoney(Math.abs(difference.cents))}
            </dd>
          </div>
        </dl>
        <TextAreaField
          label={difference.kind === 'even' ? 'Nota (opcional)' : 'Nota: ¿por qué no cuadra?'}
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
            setError(undefined);
          }}
          rows={2}
        />
        {error && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        )}
        <p className="text-xs text-muted">
          Al cerrarla, la caja de hoy no recibe más ventas; un super administrador puede reabrirla.
        </p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={close.isPending}>
            Cerrar caja
          </Button>
        </div>
      </form>
    </Modal>
  );
}
