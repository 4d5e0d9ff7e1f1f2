import { formatDateTime } from '@sala/shared/format/date-time';
import {
  privacyChannelLabels,
  privacyKindLabels,
  privacyRequestKinds,
  privacyRequestStatuses,
  privacyStatusLabels,
  type TPrivacyRequest,
} from '@sala/shared/privacy/privacy.contract';
import { PRIVACY_RESPONSE_BUSINESS_DAYS } from '@sala/shared/privacy/privacy.rules';
import { DEFAULT_PAGE_SIZES } from '@sala/shared/table/table.contract';
import { businessDate } from '@sala/shared/time/business-time';
import { Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { AdminScreen } from '../../../components/ui/admin-screen';
import { DataTable, type DataTableColumn, useTableState } from '../../../components/ui/data-table';
import { cx } from '../../../components/ui/field-styles';
import { SelectField } from '../../../components/ui/select-field';
import { AppLink } from '../../../lib/navigation';
import {
  type PrivacyRequestFilters,
  privacyExportUrl,
  usePrivacyRequests,
} from '../api/privacy-requests-api';
import { PrivacyRequestFormDialog } from './privacy-request-form-dialog';
import { CloseAccountDialog, OptOutDialog } from './request-action-dialogs';
import { ClientCell, DetailCell, DueDate, PrivacyStatusBadge } from './request-cells';
import { type Resolution, ResolveRequestDialog } from './resolve-request-dialog';

const statusOptions = privacyRequestStatuses.map((value) => ({ value, label: privacyStatusLabels[value] }));
const kindOptions = privacyRequestKinds.map((value) => ({ value, label: privacyKindLabels[value] }));

const action = 'text-left text-sm font-medium text-brand-700 hover:underline disabled:opacity-50';
const dangerAction = 'text-left text-sm font-medium text-red-700 hover:underline';

/** What the super admin does with a request: its own right's action first, then answer or refuse it. */
type Pending =
  | { type: 'resolve'; request: TPrivacyRequest; status: Resolution }
  | { type: 'close-account' | 'opt-out'; request: TPrivacyRequest };

function RequestActions({ request, onAct }: { request: TPrivacyRequest; onAct: (pending: Pending) => void }) {
  // The client's name in each button's accessible name: the same words repeat on every row.
  const whose = (label: string) => `${label} (${request.userName})`;
  return (
    <div className="flex flex-wrap gap-x-4 gap-y-1.5 border-t border-slate-200 pt-2">
      {request.kind === 'access' && (
        <a
          href={privacyExportUrl(request.id)}
          download
          aria-label={whose('Descargar sus datos')}
          className={cx(action, 'inline-flex items-center gap-1.5')}
        >
          <Download aria-hidden className="size-4" /> Descargar sus datos
        </a>
      )}
      {request.kind === 'rectification' && !request.userClosed && (
        <AppLink
          to={`/admin/usuarios/${encodeURIComponent(request.userId)}`}
          aria-label={whose('Ver su cuenta')}
          className={action}
        >
          Ver su cuenta
        </AppLink>
      )}
      {request.kind === 'cancellation' && !request.userClosed && (
        <button
          type="button"
          aria-label={whose('Eliminar su cuenta')}
          className={dangerAction}
          onClick={() => onAct({ type: 'close-account', request })}
        >
          Eliminar su cuenta
        </button>
      )}
      {request.kind === 'opposition' && (
        <button
          type="button"
          aria-label={whose('Desactivar recordatorios')}
          className={action}
          onClick={() => onAct({ type: 'opt-out', request })}
        >
          Desactivar recordatorios
        </button>
      )}
      <button
        type="button"
        aria-label={whose('Marcar como atendida')}
        className={action}
        onClick={() => onAct({ type: 'resolve', request, status: 'done' })}
      >
        Marcar como atendida
      </button>
      <button
        type="button"
        aria-label={whose('Negar')}
        className={dangerAction}
        onClick={() => onAct({ type: 'resolve', request, status: 'refused' })}
      >
        Negar
      </button>
    </div>
  );
}

/** The four rights in a line each, the deadline, and where the clients' own actions show up. */
function ArcoRights() {
  const rights = [
    ['Acceso', 'saber qué datos suyos guardamos y recibir una copia.'],
    ['Rectificación', 'corregir los que estén mal o incompletos.'],
    [
      'Cancelación',
      'eliminar su cuenta: se bloquea al momento y sus datos se suprimen al final del plazo de conservación.',
    ],
    ['Oposición', 'dejar de recibir lo voluntario: los recordatorios de sus sesiones.'],
  ] as const;
  return (
    <section
      aria-labelledby="derechos-arco-titulo"
      className="rounded-2xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="derechos-arco-titulo" className="font-display text-lg font-semibold text-brand-800">
        Los derechos ARCO
      </h2>
      <p className="mt-1 text-muted">Cada cliente puede pedir, sobre sus datos personales:</p>
      <dl className="mt-3 grid gap-x-6 gap-y-2 md:grid-cols-2">
        {rights.map(([right, meaning]) => (
          <div key={right}>
            <dt className="inline font-semibold text-ink">{right}: </dt>
            <dd className="inline text-muted">{meaning}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-muted">
        Cada solicitud se responde a más tardar en{' '}
        <strong className="text-ink">{PRIVACY_RESPONSE_BUSINESS_DAYS} días hábiles</strong> (sin contar fines
        de semana ni los días de descanso obligatorio). Registra aquí las que lleguen por correo o en persona.
        Lo que un cliente hace por su cuenta desde su perfil (descargar sus datos, cambiar su correo,
        desactivar sus recordatorios o eliminar su cuenta) aparece aquí ya atendido.
      </p>
    </section>
  );
}

/**
 * /admin/privacidad (super admin, docs/decisions/018): every ARCO request and action, newest first, searched by
 * client and filtered by status and right, with its due date flagged; a request that came by e-mail or in
 * person is logged here and carried out for the client, then answered or refused.
 */
export function PrivacyRequestsScreen() {
  const [state, setState] = useTableState({ sort: 'receivedAt', dir: 'desc' });
  const [filters, setFilters] = useState<PrivacyRequestFilters>({});
  const requests = usePrivacyRequests(state, filters);
  const [registering, setRegistering] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  // Mexico City's date, as the API counts the due dates.
  const today = businessDate(new Date());

  const filterBy = (next: PrivacyRequestFilters) => {
    setFilters((current) => ({ ...current, ...next }));
    setState((current) => ({ ...current, page: 1 }));
  };

  const columns = useMemo<DataTableColumn<TPrivacyRequest>[]>(
    () => [
      {
        id: 'receivedAt',
        header: 'Recibida',
        cell: ({ row }) => (
          <span className="block xl:min-w-24">{formatDateTime(row.original.receivedAt)}</span>
        ),
      },
      { id: 'userName', header: 'Cliente', cell: ({ row }) => <ClientCell request={row.original} /> },
      {
        // The right, and how the request came in under it (one column: the table fits a 1280 px screen).
        id: 'kind',
        header: 'Derecho',
        cell: ({ row }) => (
          <span className="block">
            {privacyKindLabels[row.original.kind]}
            <span className="block text-xs text-muted">{privacyChannelLabels[row.original.channel]}</span>
          </span>
        ),
      },
      { id: 'dueOn', header: 'Vence', cell: ({ row }) => <DueDate request={row.original} today={today} /> },
      {
        id: 'status',
        header: 'Estado',
        cell: ({ row }) => <PrivacyStatusBadge status={row.original.status} />,
      },
      {
        // What was asked, then what to do about it while it is open, or what was answered: one column, so the
        // table fits a 1280 px screen and each request reads top to bottom.
        id: 'detail',
        header: 'Detalle y respuesta',
        enableSorting: false,
        cell: ({ row }) => (
          <div className="space-y-2 xl:max-w-72">
            <DetailCell request={row.original} />
            {row.original.status === 'open' && <RequestActions request={row.original} onAct={setPending} />}
          </div>
        ),
      },
    ],
    [today],
  );

  const close = () => setPending(null);

  return (
    <AdminScreen
      title="Privacidad"
      description="Las solicitudes de los clientes sobre sus datos personales y lo que se hizo con cada una."
      createLabel="Registrar solicitud"
      onCreate={() => setRegistering(true)}
    >
      <ArcoRights />
      <div>
        <div className="mb-4 grid gap-4 sm:grid-cols-3">
          <SelectField
            label="Estado"
            placeholder="Todos"
            options={statusOptions}
            value={filters.status ?? ''}
            onChange={(value) =>
              filterBy({ status: (value || undefined) as PrivacyRequestFilters['status'] })
            }
          />
          <SelectField
            label="Derecho"
            placeholder="Todos"
            options={kindOptions}
            value={filters.kind ?? ''}
            onChange={(value) => filterBy({ kind: (value || undefined) as PrivacyRequestFilters['kind'] })}
          />
        </div>
        <DataTable
          caption="Solicitudes de privacidad"
          columns={columns}
          data={requests.data}
          isLoading={requests.isFetching}
          state={state}
          onStateChange={setState}
          pageSizes={DEFAULT_PAGE_SIZES}
          getRowId={(row) => row.id}
        />
      </div>
      {registering && <PrivacyRequestFormDialog onClose={() => setRegistering(false)} />}
      {pending?.type === 'resolve' && (
        <ResolveRequestDialog request={pending.request} status={pending.status} onClose={close} />
      )}
      {pending?.type === 'close-account' && <CloseAccountDialog request={pending.request} onClose={close} />}
      {pending?.type === 'opt-out' && <OptOutDialog request={pending.request} onClose={close} />}
    </AdminScreen>
  );
}
