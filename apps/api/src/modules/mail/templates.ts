import type { OutgoingEmail } from './outbox.repository';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#0f4c5c;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>`
    : '';
  return `<!doctype html><html lang="es-MX"><body style="margin:0;background:#fbf8f3;font-family:Arial,sans-serif;color:#1c2a30"><div style="max-width:560px;margin:0 auto;padding:32px 24px"><h1 style="font-size:22px;color:#0f4c5c">${escapeHtml(title)}</h1>${body}${button}<p style="margin-top:32px;font-size:12px;color:#52636b">Sala Común · Consultorios por hora</p></div></body></html>`;
}

function text(title: string, paragraphs: string[], action?: { label: string; url: string }) {
  return [
    title,
    '',
    ...paragraphs,
    ...(action ? ['', `${action.label}: ${action.url}`] : []),
    '',
    'Sala Común',
  ].join('\n');
}

function email(
  to: string,
  subject: string,
  title: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): OutgoingEmail {
  return { to, subject, html: layout(title, paragraphs, action), text: text(title, paragraphs, action) };
}

export function newClientRegisteredEmail(
  to: string,
  client: { name: string; email: string; phone: string },
  adminUrl: string,
): OutgoingEmail {
  return email(
    to,
    `Nuevo cliente registrado: ${client.name}`,
    'Se registró un nuevo cliente',
    [
      `${client.name} (${client.email}, tel. ${client.phone}) creó una cuenta.`,
      'La cuenta está desactivada hasta que un super administrador la active en Usuarios.',
    ],
    { label: 'Abrir usuarios', url: adminUrl },
  );
}

export function passwordResetEmail(to: string, name: string, resetUrl: string): OutgoingEmail {
  return email(
    to,
    'Restablece tu contraseña',
    'Restablece tu contraseña',
    [
      `Hola, ${name}.`,
      'Recibimos una solicitud para cambiar la contraseña de tu cuenta. El enlace vale por 30 minutos y solo se puede usar una vez.',
      'Si no la pediste, ignora este correo: tu contraseña sigue igual.',
    ],
    { label: 'Elegir una nueva contraseña', url: resetUrl },
  );
}

/** The details every reservation e-mail states (spec §7: zone, branch, room and date). */
export type ReservationFacts = {
  holderName: string;
  cityName: string;
  branchName: string;
  roomName: string;
  /** 'lunes 23 de noviembre de 2026, de 10:00 a 11:00' */
  when: string;
};

const reservationLines = (r: ReservationFacts) => [
  `Zona: ${r.cityName}`,
  `Sucursal: ${r.branchName}`,
  `Sala: ${r.roomName}`,
  `Fecha: ${r.when} (hora del centro de México)`,
];

const calendarFile = (ics: string, method: 'REQUEST' | 'CANCEL') => ({
  filename: method === 'CANCEL' ? 'cancelacion.ics' : 'reservacion.ics',
  content: ics,
  contentType: `text/calendar; charset=utf-8; method=${method}`,
});

/** Spec §7: the client's confirmation, 'Reservacion confirmada', with the invitation attached. */
export function reservationConfirmedEmail(
  to: string,
  reservation: ReservationFacts,
  ics: string,
  profileUrl: string,
): OutgoingEmail {
  return {
    ...email(
      to,
      'Reservacion confirmada',
      'Tu reservación está confirmada',
      [
        `Hola, ${reservation.holderName}.`,
        ...reservationLines(reservation),
        'Agrega la sesión a tu calendario con el archivo adjunto. Puedes cancelarla desde tu perfil hasta 24 horas antes; tus créditos vuelven a tu cuenta.',
      ],
      { label: 'Ver mis sesiones', url: profileUrl },
    ),
    attachments: [calendarFile(ics, 'REQUEST')],
  };
}

/** Spec §7: the business admin's notice, 'Nueva reservacion de {name}'. */
export function newReservationAdminEmail(
  to: string,
  reservation: ReservationFacts & { bookedBy: string | null },
  ics: string,
  adminUrl: string,
): OutgoingEmail {
  return {
    ...email(
      to,
      `Nueva reservacion de ${reservation.holderName}`,
      `Nueva reservación de ${reservation.holderName}`,
      [
        ...reservationLines(reservation),
        ...(reservation.bookedBy ? [`Reservó: ${reservation.bookedBy}`] : []),
      ],
      { label: 'Abrir reservaciones', url: adminUrl },
    ),
    attachments: [calendarFile(ics, 'REQUEST')],
  };
}

/** The client's notice of a cancelled session, with the calendar's CANCEL for the same event. */
export function reservationCancelledEmail(
  to: string,
  reservation: ReservationFacts & { refunded: number },
  ics: string,
): OutgoingEmail {
  const refund =
    reservation.refunded > 0
      ? `Te devolvimos ${reservation.refunded} ${reservation.refunded === 1 ? 'crédito' : 'créditos'}.`
      : 'Esta sesión no tenía créditos que devolver.';
  return {
    ...email(to, 'Reservacion cancelada', 'Tu reservación se canceló', [
      `Hola, ${reservation.holderName}.`,
      ...reservationLines(reservation),
      refund,
    ]),
    attachments: [calendarFile(ics, 'CANCEL')],
  };
}

/** The online store's receipt: what was bought, the total charged to the card and the credits granted. */
export function purchaseReceiptEmail(
  to: string,
  purchase: {
    name: string;
    orderId: string;
    lines: { name: string; quantity: number; amount: string }[];
    total: string;
    credits: number;
    balance: number;
  },
  profileUrl: string,
): OutgoingEmail {
  return email(
    to,
    'Recibo de tu compra en Sala Común',
    'Gracias por tu compra',
    [
      `Hola, ${purchase.name}.`,
      ...purchase.lines.map((line) => `${line.name} × ${line.quantity}: ${line.amount}`),
      `Total pagado con tarjeta: ${purchase.total}`,
      `Créditos agregados: ${purchase.credits}. Tu saldo es de ${purchase.balance} créditos.`,
      `Folio: ${purchase.orderId}`,
    ],
    { label: 'Ver mis pedidos', url: profileUrl },
  );
}
