import { z } from '../common/zod';
import { pageQuery, pageResponse } from '../table/table.contract';
import { DATE_RANGES, dateRangeMessages } from '../time/date-range';
import { dateField } from '../time/time-fields';

/** Every staff action the audit log records (issue 20: who, when, what, before → after). */
export const AUDIT_ACTIONS = [
  'user.create',
  'user.update',
  'user.status',
  'user.close',
  'legal.update',
  'legal.contact',
  'privacy.resolve',
  'city.create',
  'city.update',
  'city.delete',
  'branch.create',
  'branch.update',
  'branch.delete',
  'room.create',
  'room.update',
  'room.status',
  'room.delete',
  'product.create',
  'product.update',
  'product.status',
  'day_block.create',
  'day_block.delete',
  'room_block.create',
  'room_block.delete',
  'session.cancel',
  'session.reschedule',
  'order.cancel',
  'cash_drawer.close',
  'cash_drawer.reopen',
  'credits.adjust',
  'credits.extend',
  'import.clients',
  'invoicing.settings',
  'fiscal_profile.update',
  'invoice.request',
  'invoice.stamp',
  'invoice.refuse',
  'invoice.global',
  'invoice.cancel',
  'invoice.credit_note',
  'calendar_feed.replace',
  'calendar_feed.revoke',
  'two_factor.enable',
  'two_factor.disable',
  'two_factor.recovery_used',
  'two_factor.recovery_codes',
  'login.end',
  'staff.branch',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

/** How /admin/auditoria names each action. */
export const auditActionLabels: Record<TAuditAction, string> = {
  'user.create': 'Cliente registrado por el personal',
  'user.update': 'Usuario editado',
  'user.status': 'Usuario activado o desactivado',
  'user.close': 'Cuenta eliminada a petición del cliente',
  'legal.update': 'Datos legales editados',
  'legal.contact': 'Teléfono y redes del negocio editados',
  'privacy.resolve': 'Solicitud de privacidad atendida',
  'city.create': 'Zona creada',
  'city.update': 'Zona editada',
  'city.delete': 'Zona eliminada',
  'branch.create': 'Sucursal creada',
  'branch.update': 'Sucursal editada',
  'branch.delete': 'Sucursal eliminada',
  'room.create': 'Sala creada',
  'room.update': 'Sala editada',
  'room.status': 'Sala activada o desactivada',
  'room.delete': 'Sala eliminada',
  'product.create': 'Producto creado',
  'product.update': 'Producto editado',
  'product.status': 'Producto activado o desactivado',
  'day_block.create': 'Bloqueo de día u hora creado',
  'day_block.delete': 'Bloqueo de día u hora quitado',
  'room_block.create': 'Bloqueo de sala creado',
  'room_block.delete': 'Bloqueo de sala quitado',
  'session.cancel': 'Sesión cancelada',
  'session.reschedule': 'Sesión cambiada',
  'order.cancel': 'Orden cancelada',
  'cash_drawer.close': 'Caja cerrada',
  'cash_drawer.reopen': 'Caja reabierta',
  'credits.adjust': 'Créditos ajustados a mano',
  'credits.extend': 'Vigencia de créditos extendida',
  'import.clients': 'Clientes importados de una hoja de cálculo',
  'invoicing.settings': 'Datos de facturación del negocio editados',
  'fiscal_profile.update': 'Datos fiscales de un cliente editados',
  'invoice.request': 'Factura solicitada',
  'invoice.stamp': 'Factura timbrada',
  'invoice.refuse': 'Factura rechazada por el PAC',
  'invoice.global': 'Factura global emitida',
  'invoice.cancel': 'Cancelación de factura',
  'invoice.credit_note': 'Nota de crédito emitida',
  'calendar_feed.replace': 'Calendario del personal: dirección nueva',
  'calendar_feed.revoke': 'Calendario del personal: dirección revocada',
  'two_factor.enable': 'Verificación en dos pasos activada',
  'two_factor.disable': 'Verificación en dos pasos desactivada',
  'two_factor.recovery_used': 'Código de recuperación usado',
  'two_factor.recovery_codes': 'Códigos de recuperación nuevos',
  'login.end': 'Sesiones cerradas a mano',
  'staff.branch': 'Sucursal del personal asignada',
};

export const auditMessages = {
  invalidAction: 'Elige una acción de la lista.',
  invalidRange: 'La fecha inicial debe ser anterior o igual a la final.',
} as const;

/** GET /api/audit — newest first; q searches who acted and what was changed (its name); by action and dates. */
export const ZAuditQuery = pageQuery(['at'], 'at')
  .extend({
    dir: z.enum(['asc', 'desc']).default('desc'),
    action: z.enum(AUDIT_ACTIONS, { error: auditMessages.invalidAction }).optional(),
    from: dateField({ range: DATE_RANGES.reports, outOfRange: dateRangeMessages.reports }).optional(),
    to: dateField({ range: DATE_RANGES.reports, outOfRange: dateRangeMessages.reports }).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: auditMessages.invalidRange,
    path: ['to'],
  });
export type TAuditQuery = z.output<typeof ZAuditQuery>;

/** A changed value as stored: text, a number, a yes/no, or nothing. */
const ZAuditValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const ZAuditEntry = z.object({
  id: z.uuid(),
  at: z.iso.datetime(),
  actorName: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  entity: z.string(),
  entityId: z.string(),
  label: z.string(),
  /** Only the fields the action changed; null when the record was created (before) or removed (after). */
  before: z.record(z.string(), ZAuditValue).nullable(),
  after: z.record(z.string(), ZAuditValue).nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditResponse = pageResponse(ZAuditEntry);
