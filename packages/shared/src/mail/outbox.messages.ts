/** Texts of the e-mail screen (Administración → Correos), in the app's voice. */
export const outboxMessages = {
  invalidStatus: 'El estado debe ser pendiente, enviado o fallido.',
  notFound: 'El correo no existe.',
  onlyFailed: 'Solo se puede reintentar un correo fallido.',
  retried: 'Correo enviado de nuevo',
  requeued: 'El correo volvió a la cola; se enviará en cuanto el servidor de correo responda.',
  noMailServer:
    'Este sistema no tiene configurado el envío de correos: los correos se guardan aquí y no llegan a sus destinatarios. Puedes leerlos y compartir su contenido con quien corresponda; para que se envíen solos, pide a quien administra el sistema que conecte un servidor de correo.',
} as const;

/** What people read for each delivery state. */
export const outboxStatusLabels = {
  pending: 'Pendiente',
  sent: 'Enviado',
  failed: 'Fallido',
  held: 'Sin servidor de correo',
} as const;
