import { zodResolver } from '@hookform/resolvers/zod';
import { commonMessages } from '@sala/shared/errors/messages';
import {
  type TLegalFacts,
  type TSaveLegalFactsRequest,
  ZSaveLegalFactsRequest,
} from '@sala/shared/legal/legal.contract';
import { legalMessages as m } from '@sala/shared/legal/legal.messages';
import { RETENTION_YEARS } from '@sala/shared/legal/retention';
import { ExternalLink } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useForm } from 'react-hook-form';
import { cx, fieldControlClass, fieldErrorClass, fieldLabelClass } from '../../../components/ui/field-styles';
import { Button } from '../../../components/ui/link-button';
import { PageLoader } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { saveCallbacks } from '../../../lib/form-errors';
import { AppLink } from '../../../lib/navigation';
import { useLegal, useSaveLegal } from '../api/legal-api';
import { LegalFactsNotice } from './legal-facts-notice';

/** Blank reads as NaN, so the contract answers its own message instead of a silent 0. */
const asYears = { setValueAs: (value: unknown) => (value === '' ? Number.NaN : Number(value)) };

const emptyFacts: TSaveLegalFactsRequest = {
  legalName: '',
  address: '',
  privacyEmail: '',
  retentionYears: RETENTION_YEARS.default,
};

function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="text-xs text-muted">
      {children}
    </p>
  );
}

/** A public page, in a new tab so the form being filled in stays as it is. */
function PublicPageLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <AppLink
      to={to}
      target="_blank"
      rel="noopener"
      className="inline-flex items-center gap-1.5 font-semibold text-brand-700 underline"
    >
      {children}
      <ExternalLink aria-hidden className="size-4" />
      <span className="sr-only"> (se abre en una pestaña nueva)</span>
    </AppLink>
  );
}

function FactsForm({ facts }: { facts: TLegalFacts | null }) {
  const save = useSaveLegal();
  const ids = { name: useId(), address: useId(), email: useId(), years: useId() };
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TSaveLegalFactsRequest>({
    resolver: zodResolver(ZSaveLegalFactsRequest),
    defaultValues: facts ?? emptyFacts,
  });
  const addressError = errors.address?.message;

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      values,
      saveCallbacks({ success: m.saved, fallback: commonMessages.genericError, onDone: () => {}, setError }),
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Datos legales" className="grid gap-5 sm:grid-cols-2">
      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <TextField
          label="Razón social"
          autoComplete="organization"
          maxLength={160}
          aria-describedby={`${ids.name}-hint`}
          {...register('legalName')}
          error={errors.legalName?.message}
        />
        <Hint id={`${ids.name}-hint`}>
          El nombre legal del negocio, como en su constancia de situación fiscal: el aviso de privacidad lo
          nombra como el responsable de los datos de tus clientes.
        </Hint>
      </div>
      {/* Written here rather than with TextAreaField, which has no room for a hint the textarea points to. */}
      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <label htmlFor={ids.address} className={fieldLabelClass}>
          Domicilio
        </label>
        <textarea
          id={ids.address}
          rows={3}
          maxLength={300}
          autoComplete="street-address"
          aria-invalid={addressError ? true : undefined}
          aria-describedby={cx(`${ids.address}-hint`, addressError && `${ids.address}-error`)}
          {...register('address')}
          className={cx(fieldControlClass(Boolean(addressError)), 'resize-y')}
        />
        {addressError && (
          <p id={`${ids.address}-error`} className={fieldErrorClass}>
            {addressError}
          </p>
        )}
        <Hint id={`${ids.address}-hint`}>
          Calle, número, colonia, alcaldía o municipio, código postal y estado: el domicilio que el aviso de
          privacidad y los términos dan para recibir notificaciones.
        </Hint>
      </div>
      <div className="flex flex-col gap-1.5">
        <TextField
          label="Correo para asuntos de privacidad"
          type="email"
          autoComplete="email"
          maxLength={254}
          aria-describedby={`${ids.email}-hint`}
          {...register('privacyEmail')}
          error={errors.privacyEmail?.message}
        />
        <Hint id={`${ids.email}-hint`}>
          A donde tus clientes escriben para ejercer sus derechos ARCO o preguntar por sus datos. Revísalo
          seguido: cada solicitud se responde en 20 días hábiles.
        </Hint>
      </div>
      <div className="flex flex-col gap-1.5">
        <TextField
          label="Años de conservación de los datos de una cuenta eliminada"
          type="number"
          inputMode="numeric"
          min={RETENTION_YEARS.min}
          max={RETENTION_YEARS.max}
          step={1}
          aria-describedby={`${ids.years}-hint`}
          {...register('retentionYears', asYears)}
          error={errors.retentionYears?.message}
        />
        <Hint id={`${ids.years}-hint`}>
          Después de este plazo se suprimen los datos personales de una cuenta eliminada; 5 años es el plazo
          de las leyes fiscales. Va de {RETENTION_YEARS.min} a {RETENTION_YEARS.max} años.
        </Hint>
      </div>
      <div className="flex flex-col-reverse gap-4 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          <PublicPageLink to="/aviso-de-privacidad">Ver el aviso de privacidad</PublicPageLink>
          <PublicPageLink to="/terminos">Ver los términos</PublicPageLink>
        </div>
        <Button type="submit" loading={save.isPending}>
          Guardar
        </Button>
      </div>
    </form>
  );
}

/**
 * /admin/datos-legales (super admin, docs/decisions/018): the razón social, domicilio, privacy e-mail and
 * retention period that the privacy notice and the terms render from. Says so while they are the demo's
 * examples or missing.
 */
export function LegalFactsForm() {
  const legal = useLegal();
  return (
    <section
      aria-label="Datos del negocio"
      className="space-y-5 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <LegalFactsNotice legal={legal.data} />
      {legal.isPending ? (
        <PageLoader />
      ) : legal.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {commonMessages.genericError}
        </p>
      ) : (
        <FactsForm facts={legal.data.facts} />
      )}
    </section>
  );
}
