/**
 * The WhatsApp messages the app sends (issue 43): Meta's approved "utility" message templates, in es_MX. A business
 * may only start a conversation with a template Meta approved, so these are submitted as written here (the README
 * lists them for the owner) and the app sends their names with the body's parameters in order. Meta refuses a
 * template whose body starts or ends with a parameter, so every body ends with fixed words.
 */
export const WHATSAPP_LANGUAGE = 'es_MX';

export type WhatsAppTemplateName =
  | 'reservacion_confirmada'
  | 'recordatorio_sesion'
  | 'reservacion_cancelada'
  | 'lista_espera_reservada'
  | 'creditos_por_vencer';

export type WhatsAppTemplate = {
  name: WhatsAppTemplateName;
  /** What the owner reads in the README and in Administración → Mensajes. */
  title: string;
  /** The body as submitted to Meta: {{1}}…{{n}} are the parameters. */
  body: string;
  /** What each parameter holds, in order (with the example Meta asks for). */
  params: readonly { meaning: string; example: string }[];
};

const STOP = 'Responde BAJA para dejar de recibir mensajes por WhatsApp.';

export const WHATSAPP_TEMPLATES: Record<WhatsAppTemplateName, WhatsAppTemplate> = {
  reservacion_confirmada: {
    name: 'reservacion_confirmada',
    title: 'Reservación confirmada',
    body: `Hola {{1}}, tu reservación está confirmada: {{2}}, {{3}} en {{4}} ({{5}}). Consulta o cancela tu sesión en {{6}} con al menos 24 horas de anticipación. ${STOP}`,
    params: [
      { meaning: 'Nombre del cliente', example: 'Ana' },
      { meaning: 'Día y hora', example: 'martes 1 de diciembre de 2026, 10:00 a 11:00' },
      { meaning: 'Consultorio', example: 'Consultorio 3' },
      { meaning: 'Sucursal', example: 'Roma Norte' },
      { meaning: 'Dirección de la sucursal', example: 'Colima 120, Roma Norte, CDMX' },
      { meaning: 'Enlace a Mi perfil', example: 'https://salacomun.mx/perfil' },
    ],
  },
  recordatorio_sesion: {
    name: 'recordatorio_sesion',
    title: 'Recordatorio 24 horas antes',
    body: `Hola {{1}}, te recordamos tu sesión: {{2}}, {{3}} en {{4}} ({{5}}). Los detalles de tu sesión están en {{6}} y cualquier cambio lo atiende la recepción. ${STOP}`,
    params: [
      { meaning: 'Nombre del cliente', example: 'Ana' },
      { meaning: 'Día y hora', example: 'martes 1 de diciembre de 2026, 10:00 a 11:00' },
      { meaning: 'Consultorio', example: 'Consultorio 3' },
      { meaning: 'Sucursal', example: 'Roma Norte' },
      { meaning: 'Dirección de la sucursal', example: 'Colima 120, Roma Norte, CDMX' },
      { meaning: 'Enlace a la sesión', example: 'https://salacomun.mx/perfil' },
    ],
  },
  reservacion_cancelada: {
    name: 'reservacion_cancelada',
    title: 'Reservación cancelada',
    body: `Hola {{1}}, tu reservación del {{2}} en {{3}}, {{4}} fue cancelada. Créditos devueltos a tu saldo: {{5}}. ${STOP}`,
    params: [
      { meaning: 'Nombre del cliente', example: 'Ana' },
      { meaning: 'Día y hora', example: 'martes 1 de diciembre de 2026, 10:00 a 11:00' },
      { meaning: 'Consultorio', example: 'Consultorio 3' },
      { meaning: 'Sucursal', example: 'Roma Norte' },
      { meaning: 'Créditos devueltos', example: '1' },
    ],
  },
  lista_espera_reservada: {
    name: 'lista_espera_reservada',
    title: 'Lugar de la lista de espera reservado',
    body: `Hola {{1}}, se liberó un lugar y lo reservamos para ti: {{2}}, {{3}} en {{4}} ({{5}}). Créditos usados de tu saldo: {{6}}. Si ya no lo necesitas, cancélalo en {{7}} con al menos 24 horas de anticipación. ${STOP}`,
    params: [
      { meaning: 'Nombre del cliente', example: 'Ana' },
      { meaning: 'Día y hora', example: 'martes 1 de diciembre de 2026, 10:00 a 11:00' },
      { meaning: 'Consultorio', example: 'Consultorio 3' },
      { meaning: 'Sucursal', example: 'Roma Norte' },
      { meaning: 'Dirección de la sucursal', example: 'Colima 120, Roma Norte, CDMX' },
      { meaning: 'Créditos usados', example: '1' },
      { meaning: 'Enlace a Mi perfil', example: 'https://salacomun.mx/perfil' },
    ],
  },
  creditos_por_vencer: {
    name: 'creditos_por_vencer',
    title: 'Créditos por vencer',
    body: `Hola {{1}}, {{2}} de tu saldo vencen el {{3}}. Reserva tus sesiones en {{4}} antes de esa fecha: después ya no se pueden usar. ${STOP}`,
    params: [
      { meaning: 'Nombre del cliente', example: 'Ana' },
      { meaning: 'Créditos por vencer', example: '3 créditos' },
      { meaning: 'Último día de uso', example: 'martes 12 de enero de 2027' },
      { meaning: 'Enlace para reservar', example: 'https://salacomun.mx/reserva' },
    ],
  },
};

/** The text a client reads: the body with its parameters in place (what Administración → Mensajes shows). */
export function renderTemplate(name: WhatsAppTemplateName, params: readonly string[]): string {
  return WHATSAPP_TEMPLATES[name].body.replace(
    /\{\{(\d+)\}\}/g,
    (_, n: string) => params[Number(n) - 1] ?? '',
  );
}
