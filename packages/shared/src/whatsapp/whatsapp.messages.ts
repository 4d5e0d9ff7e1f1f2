/** Every Spanish message of WhatsApp (issue 43). */
export const whatsappMessages = {
  enabledRequired: 'Indica si quieres recibir mensajes por WhatsApp.',
  invalidStatus: 'Elige un estado de la lista.',
  off: 'Los mensajes por WhatsApp no están disponibles.',
  phoneInvalid:
    'Tu teléfono no es un número de WhatsApp válido: corrígelo en «Editar mis datos» (10 dígitos) y vuelve a intentarlo.',
  turnedOn: 'Listo: te avisaremos por WhatsApp.',
  turnedOff: 'Ya no te enviaremos mensajes por WhatsApp.',
  signatureInvalid: 'Firma del aviso de WhatsApp no válida.',
  bodyInvalid: 'El aviso de WhatsApp no es un JSON válido.',
  statusTooEarly: 'Ese mensaje todavía no está registrado: vuelve a enviar el aviso en unos segundos.',
  expired: 'No se envió: la sesión ya había empezado.',
  verifyRefused: 'El token de verificación no coincide.',
  unreachable: 'WhatsApp no pudo entregar los mensajes a este número.',
  noChannel:
    'WhatsApp no está configurado en este servidor: no se escribe ni se envía ningún mensaje por WhatsApp.',
} as const;

/** How far each message went, as the staff read it (Administración → Mensajes → WhatsApp). */
export const whatsappStatusLabels = {
  pending: 'En cola',
  accepted: 'Aceptado por WhatsApp',
  sent: 'Enviado',
  delivered: 'Entregado',
  read: 'Leído',
  failed: 'No entregado',
} as const;

/**
 * The voluntary purpose, in the privacy notice's words: the notice and the consent in Mi perfil show the same
 * text, and the consent records the notice version it was given under.
 */
export const WHATSAPP_PURPOSE =
  'Enviarte por WhatsApp, al número de tu perfil, la confirmación de tus reservaciones, un recordatorio 24 horas antes de cada sesión, sus cancelaciones y el aviso de un lugar que la lista de espera reservó para ti. Solo si lo activas en Mi perfil; puedes desactivarlo ahí mismo o respondiendo BAJA a cualquier mensaje. Para enviarlos compartimos tu número y esos datos con Meta Platforms (WhatsApp), que los trata como nuestro encargado.';
