import { formatPhone, telHref, whatsappHref } from '@sala/shared/common/phone';
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

/** Lucide's phone and message-circle (ISC), drawn inline like the social icons. */
function PhoneIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden
      className="size-4 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384" />
    </svg>
  );
}

function ChatIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden
      className="size-4 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M2.992 16.342a2 2 0 0 1 .094 1.167l-1.065 3.29a1 1 0 0 0 1.236 1.168l3.413-.998a2 2 0 0 1 1.099.092 10 10 0 1 0-4.777-4.719" />
    </svg>
  );
}

const contactLinkClass = 'inline-flex items-center gap-2 py-1 hover:text-white hover:underline';

export function SiteFooter() {
  // docs/business-rules.md §2: two social links. They, the phone and the WhatsApp are the business's settings
  // (Datos legales, issue 39), which the server puts in the page; each one hides while it is not set.
  const { phone, whatsapp, instagramUrl, facebookUrl } = useSiteConfig();
  const social = [
    { name: 'Instagram', url: instagramUrl, Icon: InstagramIcon },
    { name: 'Facebook', url: facebookUrl, Icon: FacebookIcon },
  ].filter((link): link is typeof link & { url: string } => Boolean(link.url));
  const hasSocial = social.length > 0;
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
        {(phone || whatsapp || hasSocial) && (
          <div>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contacto</h2>
            {(phone || whatsapp) && (
              <ul className="mt-3 space-y-1 text-sm">
                {phone && (
                  <li>
                    <a href={telHref(phone)} className={contactLinkClass}>
                      <PhoneIcon />
                      <span>Teléfono: {formatPhone(phone)}</span>
                    </a>
                  </li>
                )}
                {whatsapp && (
                  <li>
                    <a
                      href={whatsappHref(whatsapp)}
                      target="_blank"
                      rel="noreferrer noopener"
                      className={contactLinkClass}
                    >
                      <ChatIcon />
                      <span>WhatsApp: {formatPhone(whatsapp)}</span>
                    </a>
                  </li>
                )}
              </ul>
            )}
            {hasSocial && (
              <ul className="mt-4 flex gap-3" aria-label="Síguenos">
                {social.map(({ name, url, Icon }) => (
                  <li key={name}>
                    <a
                      href={url}
                      target="_blank"
                      rel="noreferrer noopener"
                      className={socialClass}
                      aria-label={`${name} de Sala Común`}
                    >
                      <Icon />
                    </a>
                  </li>
                ))}
              </ul>
            )}
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
