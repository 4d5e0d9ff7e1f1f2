import type { TDrawer } from '@sala/shared/cash-drawer/drawer.contract';
import { differenceLabels } from '@sala/shared/cash-drawer/drawer.messages';
import { drawerDifference } from '@sala/shared/cash-drawer/drawer.rules';
import { formatMoney } from '@sala/shared/format/money';
import { cx } from '../../../components/ui/field-styles';
import { AppLink } from '../../../lib/navigation';

/** The corte's drawers (issue 22): each branch's float, what it should hold, what was counted, the difference. */
export function DrawersList({ drawers }: { drawers: TDrawer[] }) {
  if (drawers.length === 0) return null;
  return (
    <section
      aria-labelledby="corte-cajas"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="corte-cajas" className="mb-3 font-display text-lg font-semibold text-brand-800">
        Cajas
      </h2>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead className="text-xs text-muted">
            <tr>
              <th scope="col" className="py-1 pr-3 font-semibold">
                Sucursal
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-semibold">
                Fondo
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-semibold">
                Esperado
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-semibold">
                Contado
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-semibold">
                Diferencia
              </th>
              <th scope="col" className="py-1 font-semibold">
                Nota
              </th>
            </tr>
          </thead>
          <tbody>
            {drawers.map((drawer) => {
              const difference =
                drawer.countedCents === null
                  ? null
                  : drawerDifference(drawer.countedCents, drawer.expectedCents);
              return (
                <tr key={drawer.id} className="border-t border-slate-100" data-testid="corte-drawer">
                  <th scope="row" className="py-1.5 pr-3 font-medium">
                    <AppLink to={`/admin/caja/${drawer.id}`} className="text-brand-700 hover:underline">
                      {drawer.branchName}
                    </AppLink>
                  </th>
                  <td className="py-1.5 pr-3 text-right tabular-nums">
                    {formatMoney(drawer.openingFloatCents)}
                  </td>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{formatMoney(drawer.expectedCents)}</td>
                  <td className="py-1.5 pr-3 text-right tabular-nums">
                    {drawer.countedCents === null ? 'Abierta' : formatMoney(drawer.countedCents)}
                  </td>
                  <td
                    className={cx(
                      'py-1.5 pr-3 text-right font-semibold tabular-nums',
                      difference?.kind === 'short' && 'text-red-700',
                      difference?.kind === 'over' && 'text-amber-800',
                    )}
                  >
                    {difference
                      ? `${differenceLabels[difference.kind]}${difference.kind === 'even' ? '' : ` ${formatMoney(Math.abs(difference.cents))}`}`
                      : '—'}
                  </td>
                  <td className="py-1.5 text-muted">{drawer.note ?? ''}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
