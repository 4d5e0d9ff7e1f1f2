import { Logo } from '../../components/ui/logo';
import { AppLink } from '../../lib/navigation';
import { useSiteConfig } from '../../lib/site-config';
import { publicNavLinks } from './nav-links';

const footerLinks = [...publicNavLinks, { to: '/sucursales', label: 'Sucursales' }];

const socialClass = 'grid size-10 place-items-center rounded-full bg-white/10 transition hover:bg-white/20';

function InstagramIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="1" fill="currentColor" />
    </svg>
  );
}

function FacebookIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className="size-5" fill="currentColor">
      <path d="M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v7h4v-7h3l.5-4h-3.5V8.9c0-.6.3-.9 1-.9Z" />
    </svg>
  );
}

export function SiteFooter() {
  // docs/business-rules.md §2: two social links; they come from the server's configuration and hide when it has none.
  const { instagramUrl, facebookUrl } = useSiteConfig();
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
        {(instagramUrl || facebookUrl) && (
          <div>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Síguenos</h2>
            <ul className="mt-3 flex gap-3">
              {instagramUrl && (
                <li>
                  <a
                    href={instagramUrl}
                    target="_blank"
                    rel="noreferrer noopener"
                    className={socialClass}
                    aria-label="Instagram de Sala Común"
                  >
                    <InstagramIcon />
                  </a>
                </li>
              )}
              {facebookUrl && (
                <li>
                  <a
                    href={facebookUrl}
                    target="_blank"
                    rel="noreferrer noopener"
                    className={socialClass}
                    aria-label="Facebook de Sala Común"
                  >
                    <FacebookIcon />
                  </a>
                </li>
              )}
            </ul>
          </div>
        )}
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
