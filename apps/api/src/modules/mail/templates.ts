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
