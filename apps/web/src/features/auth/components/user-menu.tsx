import { isStaff } from '@sala/shared/auth/roles';
import type { TSessionUser } from '@sala/shared/auth/session.contract';
import { ChevronDown, LayoutDashboard, LogOut, Package, ShoppingCart, UserRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { AppLink } from '../../../lib/navigation';
import { useLogout } from '../api/logout';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-brand-50';

/** The logged-in user's dropdown of docs/business-rules.md §2. */
export default function UserMenu({ user }: { user: TSessionUser }) {
  const logout = useLogout();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="flex items-center gap-2 rounded-full bg-white/15 py-1 pr-3 pl-1 text-sm font-semibold transition hover:bg-white/25">
        <span aria-hidden className="grid size-7 place-items-center rounded-full bg-sand-400 text-ink">
          {user.name.trim().charAt(0).toUpperCase()}
        </span>
        <span className="max-w-32 truncate">{user.name}</span>
        <ChevronDown aria-hidden className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 rounded-xl bg-white p-2 shadow-xl ring-1 ring-black/5"
        >
          <div className="px-3 py-2">
            <p className="truncate font-semibold text-ink">{user.name}</p>
            <p className="truncate text-sm text-muted">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          {isStaff(user.role) && (
            <DropdownMenu.Item asChild className={itemClass}>
              <AppLink to="/admin">
                <LayoutDashboard aria-hidden className="size-4" /> Administracion
              </AppLink>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item asChild className={itemClass}>
            <AppLink to="/perfil">
              <UserRound aria-hidden className="size-4" /> Mi Perfil
            </AppLink>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <AppLink to="/perfil/mis-pedidos">
              <Package aria-hidden className="size-4" /> Mis Pedidos
            </AppLink>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <AppLink to="/mi-carrito">
              <ShoppingCart aria-hidden className="size-4" /> Mi carrito
            </AppLink>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={itemClass} onSelect={() => logout.mutate()}>
            <LogOut aria-hidden className="size-4" /> Cerrar sesión
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
