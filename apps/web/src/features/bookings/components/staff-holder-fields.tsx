import type { TStaffCreateSessionRequest } from '@sala/shared/bookings/bookings.contract';
import { formatCredits } from '@sala/shared/format/credits';
import { Mail, Phone, UserRound, Wallet } from 'lucide-react';
import type { UseFormReturn } from 'react-hook-form';
import { cx } from '../../../components/ui/field-styles';
import { SearchPicker } from '../../../components/ui/search-picker';
import { TextField } from '../../../components/ui/text-field';
import { queryKeys } from '../../../lib/query-keys';
import { type ClientPick, searchClientPicks } from '../../users/api/users-api';

/** The 'Para' part of the super admin's booking; the slot comes from the wizard when it is sent. */
export type HolderValues = { for: 'client' | 'courtesy'; clientId: string; courtesyName: string };
export type HolderForm = UseFormReturn<HolderValues, unknown, TStaffCreateSessionRequest>;

export type { ClientPick };

const kinds = [
  { value: 'client', label: 'Un cliente' },
  { value: 'courtesy', label: 'Cortesía' },
] as const;

type Props = {
  form: HolderForm;
  client: ClientPick | null;
  onClient: (client: ClientPick | null) => void;
};

export function StaffHolderFields({ form, client, onClient }: Props) {
  const {
    register,
    watch,
    setValue,
    formState: { errors, isSubmitted },
  } = form;
  const kind = watch('for');
  return (
    <section
      aria-labelledby="reserva-para-titulo"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="reserva-para-titulo" className="font-display text-xl font-semibold text-brand-800">
        Para
      </h2>
      <p className="mt-1 text-sm text-muted">La sesión se cobra al cliente, o es una cortesía sin costo.</p>
      <div role="radiogroup" aria-labelledby="reserva-para-titulo" className="mt-4 flex flex-wrap gap-2">
        {kinds.map((option) => (
          <label
            key={option.value}
            className={cx(
              'flex min-h-11 grow cursor-pointer items-center gap-2 rounded-lg border px-4 py-2 text-sm font-medium transition-colors sm:grow-0',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
              kind === option.value
                ? 'border-brand-700 bg-brand-50 text-brand-800'
                : 'border-slate-300 bg-white text-ink hover:border-slate-400',
            )}
          >
            <input
              type="radio"
              value={option.value}
              {...register('for')}
              className="size-4 accent-brand-700 focus:outline-none"
            />
            {option.label}
          </label>
        ))}
      </div>

      <div className="mt-4">
        {kind === 'client' ? (
          <div className="space-y-3">
            <SearchPicker<ClientPick>
              label="Cliente"
              search={searchClientPicks}
              searchKey={queryKeys.users.clientPicks}
              selected={client}
              onSelect={(pick) => {
                onClient(pick);
                setValue('clientId', pick.id, { shouldValidate: isSubmitted });
              }}
              error={errors.clientId?.message}
            />
            {client && (
              <ul
                aria-label="Cliente elegido"
                className="grid gap-x-4 gap-y-1.5 rounded-lg bg-sand-50 px-4 py-3 text-sm sm:grid-cols-2"
              >
                <li className="flex items-center gap-2 font-semibold text-ink">
                  <UserRound aria-hidden className="size-4 text-brand-500" /> {client.client.name}
                </li>
                <li className="flex items-center gap-2">
                  <Wallet aria-hidden className="size-4 text-brand-500" />
                  <span data-testid="client-credits">{formatCredits(client.client.credits)}</span>
                </li>
                <li className="flex min-w-0 items-center gap-2">
                  <Mail aria-hidden className="size-4 shrink-0 text-brand-500" />
                  <span className="truncate">{client.client.email}</span>
                </li>
                <li className="flex items-center gap-2">
                  <Phone aria-hidden className="size-4 text-brand-500" /> {client.client.phone}
                </li>
              </ul>
            )}
          </div>
        ) : (
          <TextField
            label="Nombre de cortesía"
            autoComplete="off"
            maxLength={80}
            {...register('courtesyName')}
            error={errors.courtesyName?.message}
            aria-describedby="reserva-cortesia-nota"
            containerClassName="max-w-md"
          />
        )}
        {kind === 'courtesy' && (
          <p id="reserva-cortesia-nota" className="mt-1.5 text-xs text-muted">
            Sin costo para nadie: en Reservaciones aparece como cortesía, a este nombre.
          </p>
        )}
      </div>
    </section>
  );
}
