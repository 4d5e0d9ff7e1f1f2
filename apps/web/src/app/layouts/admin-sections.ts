import type { TRole } from '@sala/shared/auth/roles';
import {
  Ban,
  Building2,
  Calculator,
  CalendarDays,
  CalendarPlus,
  ChartColumn,
  ClipboardList,
  DoorOpen,
  History,
  Landmark,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  MapPinned,
  Package,
  Receipt,
  ReceiptText,
  ScrollText,
  ShieldCheck,
  Store,
  Users,
  Wallet,
} from 'lucide-react';

export type AdminSection = { path: string; label: string; level: 'admin' | 'superadmin'; icon: LucideIcon };

/**
 * The admin area of docs/business-rules.md §2, with who may open each screen (the API enforces the same). Salas and Productos are
 * super-admin pages (docs/business-rules.md §2); their read endpoints stay open to staff, whose other screens need them.
 */
export const adminSections: AdminSection[] = [
  { path: '/admin', label: 'Panel', level: 'admin', icon: LayoutDashboard },
  { path: '/admin/usuarios', label: 'Usuarios', level: 'admin', icon: Users },
  { path: '/admin/zonas', label: 'Zonas', level: 'admin', icon: MapPinned },
  { path: '/admin/consultorios', label: 'Consultorios', level: 'admin', icon: Building2 },
  { path: '/admin/salas', label: 'Salas', level: 'superadmin', icon: DoorOpen },
  { path: '/admin/productos', label: 'Productos', level: 'superadmin', icon: Package },
  { path: '/admin/punto-venta', label: 'Punto de venta', level: 'admin', icon: Store },
  { path: '/admin/corte', label: 'Corte', level: 'superadmin', icon: Calculator },
  { path: '/admin/reportes', label: 'Reportes', level: 'superadmin', icon: ChartColumn },
  { path: '/admin/gastos', label: 'Gastos', level: 'superadmin', icon: Receipt },
  { path: '/admin/ordenes', label: 'Ordenes', level: 'superadmin', icon: ClipboardList },
  { path: '/admin/reservar', label: 'Reservar', level: 'superadmin', icon: CalendarPlus },
  { path: '/admin/reservaciones', label: 'Reservaciones', level: 'admin', icon: CalendarDays },
  {
    path: '/admin/historial-reservaciones',
    label: 'Historial de reservaciones',
    level: 'admin',
    icon: History,
  },
  { path: '/admin/bloquear-hora', label: 'Bloquear hora', level: 'superadmin', icon: Ban },
  { path: '/admin/correos', label: 'Correos', level: 'superadmin', icon: Mail },
  { path: '/admin/auditoria', label: 'Auditoría', level: 'superadmin', icon: ScrollText },
  { path: '/admin/privacidad', label: 'Privacidad', level: 'superadmin', icon: ShieldCheck },
  { path: '/admin/datos-legales', label: 'Datos legales', level: 'superadmin', icon: Landmark },
];

export function canOpen(section: Pick<AdminSection, 'level'>, role: TRole): boolean {
  if (role === 'superadmin') return true;
  return role === 'admin' && section.level === 'admin';
}

/**
 * An order's ticket sits under Ordenes (a super-admin screen) but every cashier prints the ticket of the sale just
 * made: it is a page of its own, at admin level, out of the menu.
 */
export const ticketPage: AdminSection = {
  path: '/admin/ordenes/:id/ticket',
  label: 'Ticket',
  level: 'admin',
  icon: ReceiptText,
};
const TICKET_PATH = /^\/admin\/ordenes\/[^/]+\/ticket\/?$/;

/** A drawer's closing report (issue 22): the cashier prints it after closing, so it is at admin level too. */
export const drawerReportPage: AdminSection = {
  path: '/admin/caja/:id',
  label: 'Cierre de caja',
  level: 'admin',
  icon: Wallet,
};
const DRAWER_REPORT_PATH = /^\/admin\/caja\/[^/]+\/?$/;

/** The section a path belongs to: the longest matching prefix (a ticket and a closing report are pages of their own). */
export function sectionFor(pathname: string): AdminSection | undefined {
  if (TICKET_PATH.test(pathname)) return ticketPage;
  if (DRAWER_REPORT_PATH.test(pathname)) return drawerReportPage;
  return adminSections
    .filter((s) => pathname === s.path || pathname.startsWith(`${s.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
}
