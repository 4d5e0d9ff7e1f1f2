import type { TAuditEntry } from '@sala/shared/audit/audit.contract';
import { formatMoney } from '@sala/shared/format/money';

/** How the log's field names read on screen. */
const fieldLabels: Record<string, string> = {
  name: 'Nombre',
  email: 'Correo',
  phone: 'Teléfono',
  role: 'Nivel',
  isActive: 'Activo',
  credits: 'Créditos',
  zone: 'Zona',
  branch: 'Sucursal',
  room: 'Sala',
  sessionCost: 'Costo por sesión',
  schedule: 'Horario',
  address: 'Dirección',
  whatsapp: 'WhatsApp',
  mapUrl: 'Mapa',
  description: 'Descripción',
  priceCents: 'Precio',
  extra: 'Créditos extra',
  isDigital: 'En línea',
  isService: 'Servicio',
  date: 'Fecha',
  hour: 'Hora',
  status: 'Estado',
  refunded: 'Créditos devueltos',
  totalCents: 'Total',
  creditsTakenBack: 'Créditos retirados',
  creditsNotTakenBack: 'Créditos sin retirar',
  refund: 'Reembolso',
  standingWeeksMax: 'Semanas máximas de reserva fija',
  expected: 'Esperado',
  counted: 'Contado',
  difference: 'Diferencia',
  twoFactor: 'Segundo factor',
  recoveryCode: 'Código de recuperación',
  recoveryCodes: 'Códigos de recuperación',
  openLogins: 'Sesiones abiertas',
  createdAt: 'Creado',
  active: 'Activo',
};

const statusWords: Record<string, string> = {
  active: 'activa',
  cancelled: 'cancelada',
  completed: 'completada',
  // A cash drawer (la caja).
  open: 'abierta',
  closed: 'cerrada',
};
const roleWords: Record<string, string> = {
  user: 'Cliente',
  admin: 'Administrador',
  superadmin: 'Super admin',
};

/** One value as a person reads it: money in pesos, yes/no, levels and states in Spanish, nothing as "—". */
export function formatAuditValue(field: string, value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'number' && field.endsWith('Cents')) return formatMoney(value);
  if (field === 'status' && typeof value === 'string') return statusWords[value] ?? value;
  if (field === 'role' && typeof value === 'string') return roleWords[value] ?? value;
  if (field === 'schedule') return 'cambiado';
  return String(value);
}

export type AuditChangeLine = { field: string; label: string; before: string; after: string };

/** The entry's fields, each with its value before and after (creations have no before, removals no after). */
export function auditChangeLines(entry: Pick<TAuditEntry, 'before' | 'after'>): AuditChangeLine[] {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return fields.map((field) => ({
    field,
    label: fieldLabels[field] ?? field,
    before: entry.before ? formatAuditValue(field, entry.before[field]) : '—',
    after: entry.after ? formatAuditValue(field, entry.after[field]) : '—',
  }));
}
