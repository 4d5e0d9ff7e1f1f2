import { formatDateTime } from '@sala/shared/format/date-time';
import { calendarDateNames } from '@sala/shared/format/dates';
import { privacyStatusLabels, type TPrivacyRequest } from '@sala/shared/privacy/privacy.contract';
import { addDays } from '@sala/shared/time/business-time';
import { cx } from '../../../components/ui/field-styles';
import { Badge, type BadgeTone } from '../../../components/ui/status-badge';

/** An open request this close to its due date is flagged before it is late. */
export const DUE_SOON_DAYS = 5;

export type DueState = 'overdue' | 'today' | 'soon';

/** How urgent an open request is on `today` (Mexico City's date); answered ones are not. */
export function dueState(request: Pick<TPrivacyRequest, 'status' | 'dueOn'>, today: string): DueState | null {
  if (request.status !== 'open') return null;
  if (request.dueOn < today) return 'overdue';
  if (request.dueOn === today) return 'today';
  return request.dueOn <= addDays(today, DUE_SOON_DAYS) ? 'soon' : null;
}

const dueWords: Record<DueState, string> = { overdue: 'Vencida', today: 'Vence hoy', soon: 'Vence pronto' };

/** '7 ene 2030', as the table writes its other dates: the whole date would only widen a crowded table. */
function shortDate(date: string) {
  const { day, month, year } = calendarDateNames(date);
  return `${day} ${month.slice(0, 3)} ${year}`;
}

/** The due date, red when late and amber when near, with a word so the colour is not the only sign. */
export function DueDate({ request, today }: { request: TPrivacyRequest; today: string }) {
  const state = dueState(request, today);
  return (
    <span
      data-state={state ?? undefined}
      className={cx(
        'block xl:min-w-20',
        state === 'overdue' && 'font-semibold text-red-700',
        (state === 'today' || state === 'soon') && 'font-semibold text-amber-800',
      )}
    >
      {shortDate(request.dueOn)}
      {state && (
        <span className="block text-xs font-semibold tracking-wide uppercase">{dueWords[state]}</span>
      )}
    </span>
  );
}

const statusTones: Record<TPrivacyRequest['status'], BadgeTone> = {
  open: 'warning',
  done: 'success',
  refused: 'danger',
};

export function PrivacyStatusBadge({ status }: { status: TPrivacyRequest['status'] }) {
  return (
    <Badge tone={statusTones[status]} state={status}>
      {privacyStatusLabels[status]}
    </Badge>
  );
}

export function ClientCell({ request }: { request: TPrivacyRequest }) {
  return (
    <div className="min-w-0 space-y-0.5 xl:min-w-36">
      <p className="font-medium text-ink">{request.userName}</p>
      <p className="text-xs wrap-anywhere text-muted">{request.userEmail}</p>
      {request.userClosed && (
        <Badge tone="neutral" state="closed">
          Cuenta eliminada
        </Badge>
      )}
    </div>
  );
}

/** What was asked, who logged it, and once closed what was answered, by whom and when. */
export function DetailCell({ request }: { request: TPrivacyRequest }) {
  const { detail, recordedByName, resolution, resolvedByName, resolvedAt, status } = request;
  return (
    <div className="space-y-1.5 xl:w-52">
      <p className="break-words whitespace-pre-line text-ink">{detail}</p>
      {recordedByName && <p className="text-xs text-muted">Registró: {recordedByName}</p>}
      {resolution && (
        <div className="rounded-lg bg-sand-50 px-2.5 py-1.5" data-testid="privacy-resolution">
          <p className="break-words whitespace-pre-line">
            <span className="font-semibold">Respuesta:</span> {resolution}
          </p>
          {resolvedAt && (
            <p className="text-xs text-muted">
              {status === 'refused' ? 'Negó' : 'Atendió'}: {resolvedByName ?? 'el sistema'},{' '}
              {formatDateTime(resolvedAt)}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
