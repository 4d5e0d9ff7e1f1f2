import { contactColumnHtml } from '@sala/shared/web/contact-column';
import { Logo } from '../../components/ui/logo';
import { AppLink } from '../../lib/navigation';
import { useSiteContact } from '../../lib/site-config';
import { publicNavLinks } from './nav-links';

const footerLinks = [...publicNavLinks, { to: '/sucursales', label: 'Sucursales' }];

export function SiteFooter() {
  // docs/business-rules.md §2: two social links. They, the phone and the WhatsApp are the business's settings
  // (Datos legales, issue 39). The server writes the column into the page it sends (the same HTML), so the
  // footer hydrates with it and nothing below it moves.
  const contact = useSiteContact();
  return (
    <footer className="bg-brand-900 text-brand-100">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 md:grid-cols-3">
        <div>
          <Logo label="Sala Común" className="h-8" />
          <p className="mt-3 max-w-xs text-sm text-brand-200">
            Consultorios equipados por hora para psicólogos y profesionales de la salud en Ciudad de México y
            Guadalajara.
          </p>
        </div>
        <nav aria-label="Pie de página">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Sitio</h2>
          <ul className="mt-3 grid grid-cols-2 gap-2 text-sm">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <AppLink to={link.to} className="hover:text-white hover:underline">
                  {link.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <div
          className="empty:hidden"
          data-site-contact=""
          // biome-ignore lint/security/noDangerouslySetInnerHtml: contactColumnHtml escapes every value it prints.
          dangerouslySetInnerHTML={{ __html: contactColumnHtml(contact) }}
        />
      </div>
      <div className="flex flex-col items-center gap-2 border-t border-white/10 py-5 text-xs text-brand-200 sm:flex-row sm:justify-center sm:gap-6">
        <p>
          {/* The year the page was built and the visitor's year differ only around New Year. */}
          <span suppressHydrationWarning>© {new Date().getFullYear()}</span> Sala Común. Todos los derechos
          reservados.
        </p>
        <ul className="flex gap-4">
          <li>
            <AppLink to="/aviso-de-privacidad" className="underline hover:text-white">
              Aviso de privacidad
            </AppLink>
          </li>
          <li>
            <AppLink to="/terminos" className="underline hover:text-white">
              Términos y condiciones
            </AppLink>
          </li>
        </ul>
      </div>
    </footer>
  );
}
