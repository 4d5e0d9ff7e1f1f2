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
  FileText,
  FileUp,
  History,
  Landmark,
  LayoutDashboard,
  type LucideIcon,
  MapPinned,
  MessagesSquare,
  Package,
  Receipt,
  ReceiptText,
  ScrollText,
  ShieldCheck,
  Store,
  Users,
  Wallet,
} from 'lucide-react';

/** The menu's groups (issue 39): the day's work, what is offered, the money, and running the business. */
export const adminGroups = [
  { id: 'operation', label: 'Operación' },
  { id: 'catalog', label: 'Catálogo' },
  { id: 'money', label: 'Dinero' },
  { id: 'administration', label: 'Administración' },
] as const;
export type AdminGroupId = (typeof adminGroups)[number]['id'];

export type AdminSection = {
  path: string;
  label: string;
  level: 'admin' | 'superadmin';
  icon: LucideIcon;
  group: AdminGroupId;
};

/**
 * The admin area of docs/business-rules.md §2, with who may open each screen (the API enforces the same), in the
 * menu's order: by group, the front desk's daily screens first. Salas and Productos are super-admin pages
 * (docs/business-rules.md §2); their read endpoints stay open to staff, whose other screens need them.
 */
export const adminSections: AdminSection[] = [
  { path: '/admin', label: 'Panel', level: 'admin', icon: LayoutDashboard, group: 'operation' },
  { path: '/admin/reservar', label: 'Reservar', level: 'superadmin', icon: CalendarPlus, group: 'operation' },
  {
    path: '/admin/reservaciones',
    label: 'Reservaciones',
    level: 'admin',
    icon: CalendarDays,
    group: 'operation',
  },
  {
    path: '/admin/historial-reservaciones',
    label: 'Historial de reservaciones',
    level: 'admin',
    icon: History,
    group: 'operation',
  },
  {
    path: '/admin/bloquear-hora',
    label: 'Bloquear hora',
    level: 'superadmin',
    icon: Ban,
    group: 'operation',
  },
  { path: '/admin/punto-venta', label: 'Punto de venta', level: 'admin', icon: Store, group: 'operation' },
  { path: '/admin/usuarios', label: 'Usuarios', level: 'admin', icon: Users, group: 'operation' },
  { path: '/admin/zonas', label: 'Zonas', level: 'admin', icon: MapPinned, group: 'catalog' },
  { path: '/admin/consultorios', label: 'Consultorios', level: 'admin', icon: Building2, group: 'catalog' },
  { path: '/admin/salas', label: 'Salas', level: 'superadmin', icon: DoorOpen, group: 'catalog' },
  { path: '/admin/productos', label: 'Productos', level: 'superadmin', icon: Package, group: 'catalog' },
  { path: '/admin/corte', label: 'Corte', level: 'superadmin', icon: Calculator, group: 'money' },
  { path: '/admin/ordenes', label: 'Ordenes', level: 'superadmin', icon: ClipboardList, group: 'money' },
  { path: '/admin/gastos', label: 'Gastos', level: 'superadmin', icon: Receipt, group: 'money' },
  { path: '/admin/reportes', label: 'Reportes', level: 'superadmin', icon: ChartColumn, group: 'money' },
  { path: '/admin/facturacion', label: 'Facturación', level: 'superadmin', icon: FileText, group: 'money' },
  {
    path: '/admin/mensajes',
    label: 'Mensajes',
    level: 'superadmin',
    icon: MessagesSquare,
    group: 'administration',
  },
  {
    path: '/admin/auditoria',
    label: 'Auditoría',
    level: 'superadmin',
    icon: ScrollText,
    group: 'administration',
  },
  {
    path: '/admin/privacidad',
    label: 'Privacidad',
    level: 'superadmin',
    icon: ShieldCheck,
    group: 'administration',
  },
  {
    path: '/admin/importar-clientes',
    label: 'Importar clientes',
    level: 'superadmin',
    icon: FileUp,
    group: 'administration',
  },
  {
    path: '/admin/datos-legales',
    label: 'Datos legales',
    level: 'superadmin',
    icon: Landmark,
    group: 'administration',
  },
];

/** The menu a role sees: each group with the screens it may open, empty groups left out. */
export function menuFor(role: TRole) {
  return adminGroups
    .map((group) => ({
      ...group,
      sections: adminSections.filter((s) => s.group === group.id && canOpen(s, role)),
    }))
    .filter((group) => group.sections.length > 0);
}

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
  group: 'money',
};
const TICKET_PATH = /^\/admin\/ordenes\/[^/]+\/ticket\/?$/;

/** A drawer's closing report (issue 22): the cashier prints it after closing, so it is at admin level too. */
export const drawerReportPage: AdminSection = {
  path: '/admin/caja/:id',
  label: 'Cierre de caja',
  level: 'admin',
  icon: Wallet,
  group: 'money',
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
