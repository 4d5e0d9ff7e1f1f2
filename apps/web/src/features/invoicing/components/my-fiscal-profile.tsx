import { commonMessages } from '@sala/shared/errors/messages';
import { invoicingMessages as m } from '@sala/shared/invoicing/invoicing.messages';
import { PageLoader } from '../../../components/ui/spinner';
import { saveCallbacks } from '../../../lib/form-errors';
import { useFiscalProfile, useSaveFiscalProfile } from '../api/invoicing-api';
import { FiscalProfileForm, FiscalProfileWarnings, InvoicingTestModeNote } from './fiscal-profile-form';

/**
 * "Datos fiscales" (issue 42): a client's data for their invoices, in /perfil (their own) and on the staff client
 * page (`userId`). Hidden while the business does not invoice (no PAC key).
 */
export function FiscalProfileSection({ userId, defaultEmail }: { userId?: string; defaultEmail: string }) {
  const profile = useFiscalProfile(userId);
  const save = useSaveFiscalProfile(userId);
  if (profile.isPending) return <PageLoader />;
  if (!profile.data || profile.data.mode === 'off') return null;
  const { data } = profile;
  return (
    <section
      id="datos-fiscales"
      aria-labelledby="datos-fiscales-titulo"
      className="scroll-mt-24 space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <div>
        <h2 id="datos-fiscales-titulo" className="font-display text-2xl font-semibold text-brand-800">
          Datos fiscales
        </h2>
        <p className="mt-1 text-sm text-muted">
          {userId
            ? 'Los datos con que se facturan las compras de este cliente, como en su Constancia de Situación Fiscal.'
            : 'Con estos datos pides la factura de tus compras en Mis pedidos. Escríbelos como en tu Constancia de Situación Fiscal.'}
        </p>
      </div>
      <InvoicingTestModeNote mode={data.mode} />
      <FiscalProfileWarnings warnings={data.warnings} />
      <FiscalProfileForm
        // A new profile from the server (saved, or another person's) starts the form over.
        key={JSON.stringify(data.profile)}
        profile={data.profile}
        defaultEmail={defaultEmail}
        saving={save.isPending}
        onSubmit={(values, setError) =>
          save.mutate(
            values,
            saveCallbacks({
              success: m.profileSaved,
              fallback: commonMessages.genericError,
              onDone: () => {},
              setError,
            }),
          )
        }
      />
    </section>
  );
}
