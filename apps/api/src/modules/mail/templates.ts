import { formatCredits } from '@sala/shared/format/credits';
import { formatCalendarDate } from '@sala/shared/format/dates';
import { digitGroups } from '@sala/shared/format/digit-groups';
import { formatMoney } from '@sala/shared/format/money';
import { askReception, type BusinessContact, NO_BUSINESS_CONTACT } from '@sala/shared/legal/business-contact';
import { formatFolio } from '@sala/shared/orders/folio';
import { oxxoBarcodeAlt } from '@sala/shared/store/oxxo-barcode';
import type { TPaymentInstructions as PaymentInstructions } from '@sala/shared/store/store.contract';
import { IVA_INCLUDED_LINE, includedIvaCents } from '@sala/shared/tax/iva';
import { businessDate, businessTime } from '@sala/shared/time/business-time';
import type { BarcodeSize } from '../../lib/barcode';
import type { InvoiceFacts, PosReceipt } from '../../ports/notify';
import type { OutgoingEmail } from './outbox.repository';

/**
 * Every e-mail the app sends, in es-MX, as HTML and plain text. The HTML has no external URL: the logo is an
 * inline image (`cid:`) that the outbox worker attaches when it sends, the styles are inline, and the only links
 * are the app's own (PUBLIC_URL).
 */
export const LOGO_CID = 'logo@sala-comun';

const BRAND = '#0f4c5c';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

type Action = { label: string; url: string };
/**
 * A label and its value ('Sucursal', 'Valle'). A long number to read aloud or type (an OXXO reference, a CLABE) is
 * shown in groups of four spaced by style, so it wraps on a phone and a copy gives it as typed; its text is as is.
 */
type Detail = [label: string, value: string, shape?: 'digits'];
/** A table of lines (a receipt): its header and rows, then totals as [label, amount]. */
type Lines = { header: string[]; rows: string[][]; footer?: [string, string][] };
/** An inline image attached to the message (`cid:`), at its own size in pixels, never wider than the message. */
type Figure = { cid: string; alt: string; width: number; height: number };

type Content = {
  title: string;
  paragraphs: string[];
  /** Under the paragraphs: the OXXO voucher's barcode. */
  figure?: Figure;
  details?: Detail[];
  lines?: Lines;
  after?: string[];
  action?: Action;
  /** A voluntary message (a reminder): how to stop receiving it, in the small print. */
  unsubscribe?: Action;
};

/** A long number in groups of four (the page's `GroupedDigits`): each group whole, the number wrapping between. */
const digits = (value: string) =>
  digitGroups(value)
    .map(
      (group) =>
        `<span style="display:inline-block;margin-right:0.5em;white-space:nowrap">${escapeHtml(group)}</span>`,
    )
    .join('');

const cell = (value: string, align: 'left' | 'right', strong = false) =>
  `<td style="padding:6px 8px;border-bottom:1px solid #e6e0d6;text-align:${align};${strong ? 'font-weight:700;' : ''}">${escapeHtml(value)}</td>`;

function html({ title, paragraphs, figure, details, lines, after, action, unsubscribe }: Content) {
  const p = (text: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(text)}</p>`;
  const image = figure
    ? `<p style="margin:0 0 16px"><img src="cid:${escapeHtml(figure.cid)}" alt="${escapeHtml(figure.alt)}" width="${figure.width}" height="${figure.height}" style="display:block;border:0;width:100%;max-width:${figure.width}px;height:auto;background:#fff"></p>`
    : '';
  const detailTable = details?.length
    ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px;font-size:15px">${details
        .map(
          ([label, value, shape]) =>
            `<tr><td style="padding:4px 16px 4px 0;color:#52636b;vertical-align:top">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:600">${shape === 'digits' ? digits(value) : escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const lineTable = lines
    ? `<table style="border-collapse:collapse;width:100%;margin:0 0 16px;font-size:14px"><thead><tr>${lines.header
        .map(
          (h, i) =>
            `<th style="padding:6px 8px;border-bottom:2px solid ${BRAND};text-align:${i === 0 ? 'left' : 'right'}">${escapeHtml(h)}</th>`,
        )
        .join('')}</tr></thead><tbody>${lines.rows
        .map((row) => `<tr>${row.map((v, i) => cell(v, i === 0 ? 'left' : 'right')).join('')}</tr>`)
        .join('')}${(lines.footer ?? [])
        .map(
          ([label, value]) =>
            `<tr><td colspan="${lines.header.length - 1}" style="padding:6px 8px;text-align:right;font-weight:700">${escapeHtml(label!)}</td>${cell(value!, 'right', true)}</tr>`,
        )
        .join('')}</tbody></table>`
    : '';
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:${BRAND};color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p>`
    : '';
  return `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head><body style="margin:0;background:#fbf8f3;font-family:Arial,Helvetica,sans-serif;color:#1c2a30"><div style="max-width:560px;margin:0 auto;padding:32px 24px"><img src="cid:${LOGO_CID}" alt="Sala Común" width="180" height="40" style="display:block;border:0;margin:0 0 24px"><h1 style="font-size:22px;color:${BRAND};margin:0 0 16px">${escapeHtml(title)}</h1>${paragraphs.map(p).join('')}${image}${detailTable}${lineTable}${(after ?? []).map(p).join('')}${button}<p style="margin-top:32px;font-size:12px;color:#52636b">Sala Común · Consultorios por hora</p>${
    unsubscribe
      ? `<p style="font-size:12px;color:#52636b">¿No quieres recibir más recordatorios? <a href="${escapeHtml(unsubscribe.url)}" style="color:#52636b">${escapeHtml(unsubscribe.label)}</a></p>`
      : ''
  }</div></body></html>`;
}

function text({ title, paragraphs, details, lines, after, action, unsubscribe }: Content) {
  return [
    title,
    '',
    ...paragraphs,
    ...(details?.length ? ['', ...details.map(([label, value]) => `${label}: ${value}`)] : []),
    ...(lines
      ? [
          '',
          ...lines.rows.map((row) => row.join(' · ')),
          ...(lines.footer ?? []).map((row) => row.join(': ')),
        ]
      : []),
    ...(after?.length ? ['', ...after] : []),
    ...(action ? ['', `${action.label}: ${action.url}`] : []),
    '',
    'Sala Común',
    ...(unsubscribe
      ? ['', `¿No quieres recibir más recordatorios? ${unsubscribe.label}: ${unsubscribe.url}`]
      : []),
  ].join('\n');
}

function email(to: string, subject: string, content: Content): OutgoingEmail {
  return { to, subject, html: html(content), text: text(content) };
}

export function newClientRegisteredEmail(
  to: string,
  client: { name: string; email: string; phone: string },
  adminUrl: string,
): OutgoingEmail {
  return email(to, `Nuevo cliente registrado: ${client.name}`, {
    title: 'Se registró un nuevo cliente',
    paragraphs: [`${client.name} creó una cuenta.`],
    details: [
      ['Nombre', client.name],
      ['Correo', client.email],
      ['Teléfono', client.phone],
    ],
    after: ['La cuenta está desactivada hasta que un super administrador la active en Usuarios.'],
    action: { label: 'Abrir usuarios', url: adminUrl },
  });
}

export function passwordResetEmail(to: string, name: string, resetUrl: string): OutgoingEmail {
  return email(to, 'Restablece tu contraseña', {
    title: 'Restablece tu contraseña',
    paragraphs: [
      `Hola, ${name}.`,
      'Recibimos una solicitud para cambiar la contraseña de tu cuenta. El enlace vale por 30 minutos y solo se puede usar una vez.',
      'Si no la pediste, ignora este correo: tu contraseña sigue igual.',
    ],
    action: { label: 'Elegir una nueva contraseña', url: resetUrl },
  });
}

/**
 * To the old address when an account's e-mail (its login) changes: the owner hears of it even when someone else
 * made the change.
 */
export function emailChangedEmail(to: string, account: { name: string; newEmail: string }): OutgoingEmail {
  return email(to, 'Cambió el correo de tu cuenta', {
    title: 'Cambió el correo de tu cuenta',
    paragraphs: [
      `Hola, ${account.name}.`,
      'El correo con el que entras a Sala Común se cambió. Desde ahora inicias sesión con la dirección nueva; esta ya no sirve para entrar ni para restablecer la contraseña.',
    ],
    details: [['Correo nuevo', account.newEmail]],
    after: [
      'Por seguridad cerramos las sesiones abiertas de tu cuenta y anulamos los enlaces para restablecer la contraseña que se enviaron a esta dirección.',
      'Si tú no pediste este cambio, comunícate de inmediato con tu sucursal de Sala Común.',
    ],
  });
}

/** The details every reservation e-mail states (docs/business-rules.md §7: zone, branch, room and date). */
export type ReservationFacts = {
  holderName: string;
  cityName: string;
  branchName: string;
  roomName: string;
  /** 'lunes 23 de noviembre de 2026, de 10:00 a 11:00' */
  when: string;
};

const reservationDetails = (r: ReservationFacts): Detail[] => [
  ['Zona', r.cityName],
  ['Sucursal', r.branchName],
  ['Sala', r.roomName],
  ['Fecha', `${r.when} (hora del centro de México)`],
];

const calendarFile = (ics: string, method: 'REQUEST' | 'CANCEL') => ({
  filename: method === 'CANCEL' ? 'cancelacion.ics' : 'reservacion.ics',
  content: ics,
  contentType: `text/calendar; charset=utf-8; method=${method}`,
});

/** docs/business-rules.md §7: the client's confirmation, 'Reservacion confirmada', with the invitation attached. */
export function reservationConfirmedEmail(
  to: string,
  reservation: ReservationFacts,
  ics: string,
  profileUrl: string,
): OutgoingEmail {
  return {
    ...email(to, 'Reservacion confirmada', {
      title: 'Tu reservación está confirmada',
      paragraphs: [`Hola, ${reservation.holderName}.`],
      details: reservationDetails(reservation),
      after: [
        'Agrega la sesión a tu calendario con el archivo adjunto. Puedes cancelarla desde tu perfil hasta 24 horas antes; tus créditos vuelven a tu cuenta.',
      ],
      action: { label: 'Ver mis sesiones', url: profileUrl },
    }),
    attachments: [calendarFile(ics, 'REQUEST')],
  };
}

/** A standing slot as its e-mails state it: where, how often, and each booked date with its room. */
export type SeriesFacts = {
  holderName: string;
  cityName: string;
  branchName: string;
  /** 'Cada semana' or 'Cada dos semanas', with the hour: 'Cada semana, martes de 10:00 a 11:00'. */
  cadence: string;
  /** Each booked date in words, with its room. */
  dates: { when: string; roomName: string }[];
};

const seriesLines = (series: SeriesFacts): Lines => ({
  header: ['Fecha (hora del centro de México)', 'Sala'],
  rows: series.dates.map((date) => [date.when, date.roomName]),
});

/** The client's confirmation of a standing slot: every booked date, and one calendar file with all of them. */
export function seriesConfirmedEmail(
  to: string,
  series: SeriesFacts,
  ics: string,
  profileUrl: string,
): OutgoingEmail {
  return {
    ...email(to, 'Reserva fija confirmada', {
      title: 'Tu reserva fija está confirmada',
      paragraphs: [`Hola, ${series.holderName}. Reservamos ${series.dates.length} sesiones:`],
      details: [
        ['Zona', series.cityName],
        ['Sucursal', series.branchName],
        ['Se repite', series.cadence],
      ],
      lines: seriesLines(series),
      after: [
        'El archivo adjunto agrega todas las fechas a tu calendario. Puedes cancelar cada sesión desde tu perfil hasta 24 horas antes; sus créditos vuelven a tu cuenta.',
      ],
      action: { label: 'Ver mis sesiones', url: profileUrl },
    }),
    attachments: [calendarFile(ics, 'REQUEST')],
  };
}

/** The staff's notice of a standing slot: who, where, how often, every date. */
export function newSeriesAdminEmail(
  to: string,
  series: SeriesFacts & { bookedBy: string | null },
  ics: string,
  adminUrl: string,
): OutgoingEmail {
  return {
    ...email(to, `Nueva reserva fija de ${series.holderName}`, {
      title: `Nueva reserva fija de ${series.holderName}`,
      paragraphs: [],
      details: [
        ['Zona', series.cityName],
        ['Sucursal', series.branchName],
        ['Se repite', series.cadence],
        ...(series.bookedBy ? [['Reservó', series.bookedBy] as Detail] : []),
      ],
      lines: seriesLines(series),
      action: { label: 'Abrir reservaciones', url: adminUrl },
    }),
    attachments: [calendarFile(ics, 'REQUEST')],
  };
}

/** docs/business-rules.md §7: the business admin's notice, 'Nueva reservacion de {name}'. */
export function newReservationAdminEmail(
  to: string,
  reservation: ReservationFacts & { bookedBy: string | null },
  ics: string,
  adminUrl: string,
): OutgoingEmail {
  return {
    ...email(to, `Nueva reservacion de ${reservation.holderName}`, {
      title: `Nueva reservación de ${reservation.holderName}`,
      paragraphs: [],
      details: [
        ...reservationDetails(reservation),
        ...(reservation.bookedBy ? [['Reservó', reservation.bookedBy] as Detail] : []),
      ],
      action: { label: 'Abrir reservaciones', url: adminUrl },
    }),
    attachments: [calendarFile(ics, 'REQUEST')],
  };
}

/**
 * The waitlist booked a freed room for the client (they chose "resérvamela automáticamente"): a confirmation like
 * any booking's, saying how it came about and what it cost, with the invitation attached.
 */
export function waitlistBookedEmail(
  to: string,
  reservation: ReservationFacts & { charged: number },
  ics: string,
  profileUrl: string,
): OutgoingEmail {
  return {
    ...email(to, 'Se libero tu hora: sesion reservada', {
      title: 'Se liberó la hora que esperabas',
      paragraphs: [
        `Hola, ${reservation.holderName}.`,
        `Estabas en la lista de espera con reservación automática, así que apartamos la sala para ti y descontamos ${formatCredits(reservation.charged)} de tu saldo.`,
      ],
      details: reservationDetails(reservation),
      after: [
        'Agrega la sesión a tu calendario con el archivo adjunto. Si ya no la necesitas, cancélala desde tu perfil hasta 24 horas antes y tus créditos vuelven a tu cuenta.',
      ],
      action: { label: 'Ver mis sesiones', url: profileUrl },
    }),
    attachments: [calendarFile(ics, 'REQUEST')],
  };
}

/** A room of an hour the client waits for is free again: the first to book it gets it. */
export function waitlistFreedEmail(
  to: string,
  freed: { name: string; cityName: string; branchName: string; when: string },
  bookUrl: string,
): OutgoingEmail {
  return email(to, 'Se libero una sala a la hora que esperas', {
    title: 'Se liberó una sala',
    paragraphs: [
      `Hola, ${freed.name}.`,
      'Se liberó una sala a la hora que esperas. Todavía no está apartada para ti: la primera persona que la reserve se la queda.',
    ],
    details: [
      ['Zona', freed.cityName],
      ['Sucursal', freed.branchName],
      ['Fecha', `${freed.when} (hora del centro de México)`],
    ],
    after: ['Sigues en la lista de espera hasta que reserves esa hora, salgas de la lista o la hora pase.'],
    action: { label: 'Reservar ahora', url: bookUrl },
  });
}

/** The client's notice of a cancelled session, with the calendar's CANCEL for the same event. */
export function reservationCancelledEmail(
  to: string,
  reservation: ReservationFacts & { refunded: number },
  ics: string,
): OutgoingEmail {
  const refund =
    reservation.refunded > 0
      ? `Te devolvimos ${formatCredits(reservation.refunded)}.`
      : 'Esta sesión no tenía créditos que devolver.';
  return {
    ...email(to, 'Reservacion cancelada', {
      title: 'Tu reservación se canceló',
      paragraphs: [`Hola, ${reservation.holderName}.`],
      details: reservationDetails(reservation),
      after: [refund, 'El archivo adjunto quita la sesión de tu calendario.'],
    }),
    attachments: [calendarFile(ics, 'CANCEL')],
  };
}

/** A session moved to another slot: where and when it is now, where it was, and the calendar event moved. */
export function reservationMovedEmail(
  to: string,
  reservation: ReservationFacts & { before: string },
  ics: string,
  profileUrl: string,
): OutgoingEmail {
  return {
    ...email(to, 'Reservacion cambiada', {
      title: 'Tu reservación cambió de hora',
      paragraphs: [`Hola, ${reservation.holderName}. Tu sesión ahora es:`],
      details: [...reservationDetails(reservation), ['Antes', reservation.before]],
      after: [
        'El archivo adjunto mueve la sesión en tu calendario (no agrega otra). Puedes cambiarla o cancelarla desde tu perfil hasta 24 horas antes.',
      ],
      action: { label: 'Ver mis sesiones', url: profileUrl },
    }),
    attachments: [calendarFile(ics, 'REQUEST')],
  };
}

/** The staff's notice of a moved session. */
export function reservationMovedAdminEmail(
  to: string,
  reservation: ReservationFacts & { before: string; bookedBy: string | null },
  ics: string,
  adminUrl: string,
): OutgoingEmail {
  return {
    ...email(to, `Reservacion cambiada de ${reservation.holderName}`, {
      title: `${reservation.holderName} cambió su reservación`,
      paragraphs: [],
      details: [
        ...reservationDetails(reservation),
        ['Antes', reservation.before],
        ...(reservation.bookedBy ? [['Cambió', reservation.bookedBy] as Detail] : []),
      ],
      action: { label: 'Abrir reservaciones', url: adminUrl },
    }),
    attachments: [calendarFile(ics, 'REQUEST')],
  };
}

/** The remaining dates of a standing slot, cancelled at once: which, what came back, one calendar update. */
export function seriesCancelledEmail(
  to: string,
  series: {
    holderName: string;
    branchName: string;
    dates: { when: string; roomName: string }[];
    refunded: number;
  },
  ics: string,
): OutgoingEmail {
  return {
    ...email(to, 'Reserva fija cancelada', {
      title: 'Se cancelaron las sesiones de tu reserva fija',
      paragraphs: [`Hola, ${series.holderName}. Cancelamos estas sesiones en ${series.branchName}:`],
      lines: {
        header: ['Fecha (hora del centro de México)', 'Sala'],
        rows: series.dates.map((date) => [date.when, date.roomName]),
      },
      after: [
        `Te devolvimos ${formatCredits(series.refunded)}.`,
        'El archivo adjunto quita estas sesiones de tu calendario.',
      ],
    }),
    attachments: [calendarFile(ics, 'CANCEL')],
  };
}

/** 24 hours before an active session, once (the session's dedupe key): where and when. */
/**
 * The 24-hour reminder: a voluntary message (docs/business-rules.md D§11), so it carries a one-click unsubscribe
 * (RFC 8058: List-Unsubscribe with the API's POST address, List-Unsubscribe-Post) and a link a person can open.
 */
export function sessionReminderEmail(
  to: string,
  reservation: ReservationFacts,
  sessionId: string,
  profileUrl: string,
  unsubscribe?: { pageUrl: string; oneClickUrl: string },
  contact: Pick<BusinessContact, 'phone' | 'whatsapp'> = NO_BUSINESS_CONTACT,
): OutgoingEmail {
  return {
    ...email(to, 'Recordatorio: tu sesión es mañana', {
      title: 'Te esperamos mañana',
      paragraphs: [`Hola, ${reservation.holderName}. Te recordamos tu sesión:`],
      details: reservationDetails(reservation),
      after: [
        `Faltan menos de 24 horas, así que ya no se puede cancelar desde tu perfil. Si no puedes asistir, ${askReception(contact)}.`,
      ],
      action: { label: 'Ver mis sesiones', url: profileUrl },
      unsubscribe: unsubscribe && { label: 'Dejar de recibir recordatorios', url: unsubscribe.pageUrl },
    }),
    ...(unsubscribe && {
      headers: {
        'List-Unsubscribe': `<${unsubscribe.oneClickUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    }),
    dedupeKey: reminderKey(sessionId),
  };
}

/** Rectification: the link that confirms a new e-mail, sent to that address (the old one still works until then). */
export function confirmNewEmailEmail(to: string, name: string, confirmUrl: string): OutgoingEmail {
  return email(to, 'Confirma tu nuevo correo', {
    title: 'Confirma tu nuevo correo',
    paragraphs: [
      `Hola, ${name}. Pediste que tu cuenta de Sala Común use este correo.`,
      'Abre el enlace para confirmarlo. Vence en 24 horas; si no lo pediste tú, ignora este mensaje y tu cuenta seguirá igual.',
    ],
    action: { label: 'Confirmar mi nuevo correo', url: confirmUrl },
  });
}

/** Cancellation: the account is closed; what happens to its data and credits. */
export function accountClosedEmail(
  to: string,
  facts: { name: string; creditsClosed: number; retentionYears: number; privacyEmail: string | null },
): OutgoingEmail {
  return email(to, 'Tu cuenta de Sala Común fue eliminada', {
    title: 'Tu cuenta fue eliminada',
    paragraphs: [
      `Hola, ${facts.name}. Eliminamos tu cuenta como lo pediste: ya no puedes iniciar sesión y el personal ya no la ve.`,
      `Conservamos tus datos bloqueados ${facts.retentionYears === 1 ? 'un año' : `${facts.retentionYears} años`}, el plazo que la ley pide para los registros contables; después los suprimimos.`,
    ],
    after: [
      ...(facts.creditsClosed > 0
        ? [
            `Los ${facts.creditsClosed === 1 ? 'crédito' : `${facts.creditsClosed} créditos`} que tenías quedaron cancelados.`,
          ]
        : []),
      ...(facts.privacyEmail ? [`Dudas sobre tus datos: ${facts.privacyEmail}.`] : []),
    ],
  });
}

/** A lot's warning before it expires (issue 44): once per lot, last day and step. */
export const creditExpiryKey = (warning: { lotId: string; expiresOn: string; days: number }) =>
  `credits-expiring:${warning.lotId}:${warning.expiresOn}:${warning.days}`;

/** Credits about to expire (issue 44): how many, their last day, and where to book before it. */
export function creditsExpiringEmail(
  to: string,
  facts: { name: string; lotId: string; credits: number; expiresOn: string; days: number },
  bookUrl: string,
): OutgoingEmail {
  const day = formatCalendarDate(facts.expiresOn);
  const verb = facts.credits === 1 ? 'vence' : 'vencen';
  const when = facts.days === 1 ? 'mañana' : `en ${facts.days} días`;
  return {
    ...email(to, `${facts.credits === 1 ? 'Tu crédito vence' : 'Tus créditos vencen'} el ${day}`, {
      title:
        facts.days === 1
          ? `${facts.credits === 1 ? 'Tu crédito vence' : 'Tus créditos vencen'} mañana`
          : 'Créditos por vencer',
      paragraphs: [
        `Hola, ${facts.name}. ${formatCredits(facts.credits)} de tu saldo ${verb} el ${day} (${when}).`,
        'Úsalos antes reservando tus sesiones: después de esa fecha ya no se pueden usar ni se devuelven.',
      ],
      action: { label: 'Reservar una sesión', url: bookUrl },
    }),
    dedupeKey: creditExpiryKey(facts),
  };
}

/** A client registered at the desk: the account is ready; the password is theirs to choose. */
export function welcomeClientEmail(
  to: string,
  name: string,
  loginUrl: string,
  noticeUrl: string,
): OutgoingEmail {
  return email(to, 'Tu cuenta de Sala Común está lista', {
    title: 'Bienvenido a Sala Común',
    paragraphs: [
      `Hola, ${name}. En recepción creamos tu cuenta con este correo.`,
      'Para entrar, abre la página de inicio de sesión y elige «¿Olvidaste tu contraseña?»: te enviaremos un enlace para elegir la tuya.',
      `Tus datos se tratan como dice nuestro aviso de privacidad: ${noticeUrl}`,
    ],
    action: { label: 'Iniciar sesión', url: loginUrl },
  });
}

/** The one reminder a session may have. */
export const reminderKey = (sessionId: string) => `reminder:${sessionId}`;

const paidWith = { card: 'con tarjeta', oxxo: 'en OXXO', spei: 'por transferencia SPEI' } as const;

/** Under a total: the IVA it includes (decision 023). */
const ivaLine = (totalCents: number): [string, string] => [
  IVA_INCLUDED_LINE,
  formatMoney(includedIvaCents(totalCents)),
];

/** 'lunes 7 de enero de 2030 a las 23:59' in Mexico City. */
const untilDate = (iso: string) =>
  `${formatCalendarDate(businessDate(new Date(iso)))} a las ${businessTime(new Date(iso))}`;

/** The OXXO voucher's barcode, inline in its e-mail. */
export const OXXO_BARCODE_CID = 'referencia-oxxo@sala-comun';

/**
 * How to pay an OXXO or SPEI order (issue 24): the voucher's number, its barcode (decision 023, an inline PNG the
 * cashier scans from the phone) and its printable page, or the CLABE, bank and reference; the amount, until when,
 * and that the credits come with the confirmation.
 */
export function paymentPendingEmail(
  to: string,
  order: {
    name: string;
    folio: number;
    lines: { name: string; quantity: number; amount: string }[];
    totalCents: number;
    credits: number;
    instructions: PaymentInstructions;
  },
  profileUrl: string,
  /** The size of the OXXO reference's barcode (lib/barcode.ts); the outbox worker draws it when it delivers. */
  barcode?: BarcodeSize,
): OutgoingEmail {
  const pay = order.instructions;
  const oxxo = pay.kind === 'oxxo';
  const scannable = oxxo && barcode !== undefined;
  const total = formatMoney(order.totalCents);
  // SPEI: the total less what the client's balance at Stripe already paid.
  const toTransfer =
    pay.kind === 'spei' && pay.amountCents !== undefined ? formatMoney(pay.amountCents) : total;
  const message = email(
    to,
    oxxo ? 'Tu ficha de pago OXXO · Sala Común' : 'Datos para tu transferencia SPEI · Sala Común',
    {
      title: oxxo ? 'Tu ficha de pago OXXO' : 'Datos para tu transferencia SPEI',
      paragraphs: [
        `Hola, ${order.name}.`,
        oxxo
          ? `Paga ${total} (IVA incluido) en efectivo en cualquier tienda OXXO antes del ${untilDate(pay.expiresAt)}. ${scannable ? 'En caja, muestra el código de barras de este correo o dicta el número de referencia.' : 'Muestra en caja el número de referencia.'}`
          : `Transfiere exactamente ${toTransfer} (IVA incluido) desde tu banco por SPEI antes del ${untilDate(pay.expiresAt)}.`,
      ],
      figure: scannable
        ? {
            cid: OXXO_BARCODE_CID,
            alt: oxxoBarcodeAlt(pay.number),
            width: barcode.width,
            height: barcode.height,
          }
        : undefined,
      details: oxxo
        ? [
            ['Número de referencia OXXO', pay.number, 'digits'],
            ['Monto', total],
            ['Vence', untilDate(pay.expiresAt)],
            ['Folio', formatFolio(order.folio)],
          ]
        : [
            ['CLABE', pay.clabe, 'digits'],
            ['Banco', pay.bankName],
            ['Referencia', pay.reference],
            ['Monto exacto', toTransfer],
            ['Vence', untilDate(pay.expiresAt)],
            ['Folio', formatFolio(order.folio)],
          ],
      lines: {
        header: ['Producto', 'Cantidad', 'Importe'],
        rows: order.lines.map((line) => [line.name, `× ${line.quantity}`, line.amount]),
        footer: [['Total a pagar', total], ivaLine(order.totalCents)],
      },
      after: [
        order.credits > 0
          ? `Tus ${formatCredits(order.credits)} se agregarán a tu cuenta en cuanto se confirme el pago${oxxo ? ' (OXXO lo confirma a más tardar el siguiente día hábil)' : ' (la mayoría de las transferencias se confirman en menos de 30 minutos en días hábiles)'}. Te enviaremos el recibo.`
          : 'Te enviaremos el recibo en cuanto se confirme el pago.',
        'Si el pago no llega a tiempo, el pedido vence y no se cobra nada.',
      ],
      action: pay.hostedUrl
        ? { label: oxxo ? 'Ver ficha para imprimir' : 'Ver instrucciones de pago', url: pay.hostedUrl }
        : { label: 'Ver mis pedidos', url: profileUrl },
    },
  );
  if (!scannable) return message;
  const png = {
    filename: 'referencia-oxxo.png',
    contentType: 'image/png' as const,
    cid: OXXO_BARCODE_CID,
    oxxoBarcode: pay.number,
  };
  return { ...message, attachments: [png] };
}

/** The online store's receipt: what was bought, the total charged (card, OXXO or SPEI) and the credits granted. */
export function purchaseReceiptEmail(
  to: string,
  purchase: {
    name: string;
    folio: number;
    lines: { name: string; quantity: number; amount: string }[];
    totalCents: number;
    credits: number;
    balance: number;
    method?: 'card' | 'oxxo' | 'spei';
  },
  profileUrl: string,
): OutgoingEmail {
  return email(to, 'Recibo de tu compra en Sala Común', {
    title: 'Gracias por tu compra',
    paragraphs: [`Hola, ${purchase.name}.`],
    lines: {
      header: ['Producto', 'Cantidad', 'Importe'],
      rows: purchase.lines.map((line) => [line.name, `× ${line.quantity}`, line.amount]),
      footer: [
        [`Total pagado ${paidWith[purchase.method ?? 'card']}`, formatMoney(purchase.totalCents)],
        ivaLine(purchase.totalCents),
      ],
    },
    details: [
      ['Créditos agregados', String(purchase.credits)],
      ['Saldo', formatCredits(purchase.balance)],
      ['Folio', formatFolio(purchase.folio)],
    ],
    action: { label: 'Ver mis pedidos', url: profileUrl },
  });
}

/** What a point-of-sale receipt states (the POS service fills it from the order it just saved). */
/** 'lunes 7 de enero de 2030, 12:05' in Mexico City. */
const receiptDate = (at: Date) => `${formatCalendarDate(businessDate(at))}, ${businessTime(at)}`;

/** The point of sale's receipt, for a client with an e-mail address (null without one: nothing to send). */
export function posReceiptEmail(receipt: PosReceipt, profileUrl: string): OutgoingEmail | null {
  if (!receipt.client.email) return null;
  const paid: [string, number][] = [
    ['Efectivo', receipt.paidCashCents],
    ['Tarjeta', receipt.paidCardCents],
    ['Transferencia', receipt.paidTransferCents],
    ['Cambio', receipt.changeCents],
  ];
  const payments = paid
    .filter(([, cents]) => cents > 0)
    .map(([label, cents]): [string, string] => [label, formatMoney(cents)]);
  return email(receipt.client.email, `Recibo de tu compra en ${receipt.branchName}`, {
    title: 'Gracias por tu compra',
    paragraphs: [`Hola, ${receipt.client.name}. Este es el recibo de tu compra en mostrador.`],
    lines: {
      header: ['Producto', 'Cantidad', 'Precio', 'Créditos', 'Importe'],
      rows: receipt.items.map((item) => [
        item.name,
        `× ${item.quantity}`,
        formatMoney(item.unitPriceCents),
        String(item.credits),
        formatMoney(item.unitPriceCents * item.quantity),
      ]),
      footer: [['Total', formatMoney(receipt.totalCents)], ivaLine(receipt.totalCents), ...payments],
    },
    details: [
      ['Créditos agregados', String(receipt.creditsGranted)],
      ['Sucursal', receipt.branchName],
      ['Atendió', receipt.cashierName],
      ['Fecha', receiptDate(receipt.createdAt)],
      ['Folio', formatFolio(receipt.folio)],
    ],
    action: { label: 'Ver mis pedidos', url: profileUrl },
  });
}

/** A stamped invoice (issue 42): its PDF and XML attached, named by the SAT's folio. */
export function invoiceIssuedEmail(invoice: InvoiceFacts, ordersUrl: string): OutgoingEmail {
  const name = `factura-${invoice.series}${invoice.folioNumber}`;
  const message = email(invoice.email, `Tu factura ${invoice.series}-${invoice.folioNumber}`, {
    title: 'Tu factura está lista',
    paragraphs: [
      `Hola, ${invoice.name}. Te enviamos la factura (CFDI) de tu compra: el PDF y el XML van adjuntos.`,
      ...(invoice.isTest ? ['Modo de pruebas: esta factura no tiene validez ante el SAT.'] : []),
    ],
    details: [
      ['Folio', `${invoice.series}-${invoice.folioNumber}`],
      ['Folio fiscal (UUID)', invoice.uuid],
      ['Total', formatMoney(invoice.totalCents)],
      ...(invoice.orderFolio === null
        ? []
        : ([['Pedido', formatFolio(invoice.orderFolio)]] as [string, string][])),
    ],
    action: { label: 'Ver mis pedidos', url: ordersUrl },
  });
  return {
    ...message,
    attachments: [
      {
        filename: `${name}.pdf`,
        content: invoice.pdfBase64,
        encoding: 'base64',
        contentType: 'application/pdf',
      },
      { filename: `${name}.xml`, content: invoice.xml, contentType: 'application/xml' },
    ],
  };
}
