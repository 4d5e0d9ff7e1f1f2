import { isStaff } from '@sala/shared/auth/roles';
import type { TSessionUser } from '@sala/shared/auth/session.contract';
import { formatPhone, telHref, whatsappHref } from '@sala/shared/common/phone';
import { formatCredits } from '@sala/shared/format/credits';
import { MessageCircle, Phone, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Logo } from '../../components/ui/logo';
import { LOGIN_PATH } from '../../features/auth/api/login-return';
import { useLogout } from '../../features/auth/api/logout';
import { AppLink, AppNavLink } from '../../lib/navigation';
import { useSiteConfig } from '../../lib/site-config';
import { publicNavLinks } from './nav-links';

const linkClass = 'block rounded-lg px-4 py-3 text-xl font-medium transition hover:bg-white/10';
const contactClass = 'flex items-center gap-3 rounded-lg px-4 py-3 text-lg transition hover:bg-white/10';

/**
 * The full-screen side menu of small screens, with the same links as the top navigation. Loaded on the first
 * tap of the menu button (see site-header), so desktop visitors never download it.
 */
export default function MobileMenu({
  user,
  open,
  onOpenChange,
}: {
  user: TSessionUser | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const logout = useLogout();
  const close = () => onOpenChange(false);
  // How to reach the business (Datos legales, issue 39): what a client looks for on a phone.
  const { phone, whatsapp } = useSiteConfig();

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-brand-800 px-4 pt-3 pb-8 text-white lg:hidden"
        >
          <div className="flex h-12 items-center justify-between">
            <Logo className="h-8" />
            <Dialog.Title className="sr-only">Menú</Dialog.Title>
            <Dialog.Close className="rounded-md p-2 hover:bg-white/15" aria-label="Cerrar menú">
              <X aria-hidden className="size-6" />
            </Dialog.Close>
          </div>
          {user && (
            <div className="mt-4 rounded-xl bg-white/10 px-4 py-3">
              <p className="font-semibold">{user.name}</p>
              <p className="text-sm text-brand-100">{user.email}</p>
              <p className="mt-1 text-sm font-semibold text-sand-400">{formatCredits(user.credits)}</p>
            </div>
          )}
          <nav aria-label="Menú móvil" className="mt-4">
            <ul className="space-y-1">
              {publicNavLinks.map((link) => (
                <li key={link.to}>
                  <AppNavLink to={link.to} end={link.to === '/'} className={linkClass} onClick={close}>
                    {link.label}
                  </AppNavLink>
                </li>
              ))}
            </ul>
            <div className="my-4 h-px bg-white/20" />
            {user ? (
              <ul className="space-y-1">
                {isStaff(user.role) && (
                  <li>
                    <AppLink to="/admin" className={linkClass} onClick={close}>
                      Administracion
                    </AppLink>
                  </li>
                )}
                <li>
                  <AppLink to="/perfil" className={linkClass} onClick={close}>
                    Mi Perfil
                  </AppLink>
                </li>
                <li>
                  <AppLink to="/perfil/mis-pedidos" className={linkClass} onClick={close}>
                    Mis Pedidos
                  </AppLink>
                </li>
                <li>
                  <AppLink to="/mi-carrito" className={linkClass} onClick={close}>
                    Mi carrito
                  </AppLink>
                </li>
                <li>
                  <button
                    type="button"
                    className={`${linkClass} w-full text-left`}
                    onClick={() => {
                      close();
                      logout.mutate();
                    }}
                  >
                    Cerrar sesión
                  </button>
                </li>
              </ul>
            ) : (
              <AppLink
                to={LOGIN_PATH}
                onClick={close}
                className="block rounded-lg bg-white px-4 py-3 text-center text-lg font-bold tracking-wide text-brand-800"
              >
                INGRESAR
              </AppLink>
            )}
          </nav>
          {(phone || whatsapp) && (
            <div className="mt-6 border-t border-white/20 pt-4">
              <p className="px-4 text-sm font-semibold tracking-wide text-brand-100 uppercase">Contacto</p>
              <ul className="mt-2 space-y-1">
                {phone && (
                  <li>
                    <a href={telHref(phone)} className={contactClass}>
                      <Phone aria-hidden className="size-5 shrink-0" /> Teléfono: {formatPhone(phone)}
                    </a>
                  </li>
                )}
                {whatsapp && (
                  <li>
                    <a
                      href={whatsappHref(whatsapp)}
                      target="_blank"
                      rel="noreferrer noopener"
                      className={contactClass}
                    >
                      <MessageCircle aria-hidden className="size-5 shrink-0" /> WhatsApp:{' '}
                      {formatPhone(whatsapp)}
                    </a>
                  </li>
                )}
              </ul>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
