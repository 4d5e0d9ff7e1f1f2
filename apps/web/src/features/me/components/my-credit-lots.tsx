import { isLotLive, lotExpiryLine } from '@sala/shared/credits/credit-lots.rules';
import { EXPIRY_WARNING_DAYS } from '@sala/shared/credits/credit-lots.schedule';
import { formatCredits } from '@sala/shared/format/credits';
import { addDays } from '@sala/shared/time/business-time';
import { CalendarClock } from 'lucide-react';
import { cx } from '../../../components/ui/field-styles';
import { useMyCreditLots } from '../api/my-credit-lots';

/** From this many days before their last day, a lot's line stands out (as soon as the first warning goes out). */
const SOON_DAYS = Math.max(...EXPIRY_WARNING_DAYS);

/**
 * 'Mis créditos' under the balance of /perfil (issue 44): a line for each lot that expires ('3 créditos vencen el 12
 * de enero', soonest first) and one for the credits that never do. Nothing for a client without credits.
 */
export function MyCreditLots() {
  const query = useMyCreditLots();
  if (!query.data) return null;
  const { today, lots } = query.data;
  const live = lots.filter((lot) => lot.remaining > 0 && isLotLive(lot, today));
  const expiring = live.flatMap((lot) => (lot.expiresOn ? [{ ...lot, expiresOn: lot.expiresOn }] : []));
  const forever = live.reduce((sum, lot) => sum + (lot.expiresOn ? 0 : lot.remaining), 0);
  if (expiring.length === 0 && forever === 0) return null;
  const soon = addDays(today, SOON_DAYS);

  return (
    <div className="mt-5 border-t border-slate-200 pt-4" data-testid="my-credit-lots">
      <h3 id="mis-creditos" className="text-sm font-semibold text-ink">
        Mis créditos
      </h3>
      <ul aria-labelledby="mis-creditos" className="mt-2 space-y-1.5 text-sm">
        {expiring.map((lot) => {
          const close = lot.expiresOn <= soon;
          return (
            <li
              key={lot.id}
              className={cx('flex items-start gap-2', close ? 'font-medium text-amber-800' : 'text-ink')}
            >
              <CalendarClock
                aria-hidden
                className={cx('mt-0.5 size-4 shrink-0', close ? 'text-amber-700' : 'text-brand-500')}
              />
              {lotExpiryLine(lot, today)}
            </li>
          );
        })}
        {forever > 0 && (
          <li className="flex items-start gap-2 text-ink">
            <span aria-hidden className="size-4 shrink-0" />
            {formatCredits(forever)} sin vencimiento
          </li>
        )}
      </ul>
    </div>
  );
}
