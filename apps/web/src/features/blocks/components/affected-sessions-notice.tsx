import type { TAffectedSession } from '@sala/shared/blocks/blocks.contract';
import { CalendarCheck, TriangleAlert } from 'lucide-react';

type Props = {
  /** False until the period is complete: then nothing is shown. */
  asked: boolean;
  sessions: TAffectedSession[] | undefined;
  isLoading: boolean;
  isError: boolean;
};

function sessionsLead(count: number) {
  return count === 1
    ? 'Hay 1 sesión reservada en este periodo. El bloqueo no la cancela; llama al cliente:'
    : `Hay ${count} sesiones reservadas en este periodo. El bloqueo no las cancela; llama a los clientes:`;
}

/**
 * The sessions already booked inside the period, shown before saving: a block never cancels them (docs/business-rules.md D§4),
 * so whoever blocks can call the clients first. Announced politely as the period changes.
 */
export function AffectedSessionsNotice({ asked, sessions, isLoading, isError }: Props) {
  return (
    <div aria-live="polite" className="min-w-0 empty:hidden">
      {!asked ? null : isLoading ? (
        <p className="text-sm text-muted">Buscando sesiones reservadas en este periodo...</p>
      ) : isError || !sessions ? (
        <p className="text-sm text-muted">No pudimos revisar las sesiones reservadas de este periodo.</p>
      ) : sessions.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <CalendarCheck aria-hidden className="size-4 shrink-0" />
          No hay sesiones reservadas en este periodo.
        </p>
      ) : (
        <div className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
          <div className="min-w-0 space-y-2">
            <p className="font-medium">{sessionsLead(sessions.length)}</p>
            <ul className="space-y-1">
              {sessions.map((session) => (
                <li key={session.id} className="break-words">
                  <span className="font-semibold tabular-nums">{session.hour}</span> · {session.roomName} ·{' '}
                  {session.clientName} ·{' '}
                  {session.phone ? (
                    <a
                      href={`tel:${session.phone}`}
                      className="font-medium text-amber-900 underline underline-offset-2"
                    >
                      {session.phone}
                    </a>
                  ) : (
                    'cortesía, sin teléfono'
                  )}
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </div>
  );
}
