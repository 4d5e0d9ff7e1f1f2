import { BusinessContactForm } from '../../../features/legal/components/business-contact-form';
import { LegalFactsForm } from '../../../features/legal/components/legal-facts-form';

/** Super admin only (the admin layout sends other staff to /admin; the API refuses them too). */
export default function AdminLegalFactsPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-semibold text-brand-800">Datos legales</h1>
        <p className="mt-1 max-w-3xl text-muted">
          Lo que el aviso de privacidad y los términos dicen de ti: quién es el responsable de los datos de
          tus clientes, dónde está, a dónde te escriben sobre sus datos y cuánto tiempo se guardan; y el
          teléfono, el WhatsApp y las redes con que te encuentran. Un cambio se ve en las páginas públicas en
          unos segundos.
        </p>
      </div>
      <LegalFactsForm />
      <BusinessContactForm />
    </div>
  );
}
