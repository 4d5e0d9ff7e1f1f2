export const legalMessages = {
  allFieldsRequired: 'Todos los campos son obligatorios',
  invalidEmail: 'Escribe un correo válido para los asuntos de privacidad.',
  retentionInvalid: 'El plazo de conservación va de 1 a 20 años.',
  saved: 'Datos legales guardados con éxito',
  /** /admin, while the demo's values (or none) are what the notice and the terms show. */
  stillExample:
    'El aviso de privacidad y los términos muestran datos de ejemplo: escribe la razón social, el domicilio y el correo de privacidad del negocio.',
  notSet:
    'Faltan los datos legales del negocio: el aviso de privacidad y los términos no dicen todavía quién es el responsable.',
  /** What a page shows in place of a fact the business has not published (none, or the demo's examples). */
  pending: '(aún no publicado)',
  /** The public notice and terms, while the business has not published its facts (issue 39). */
  unpublished:
    'El negocio todavía no publica aquí su razón social, su domicilio ni su correo para asuntos de privacidad. Mientras tanto, puedes pedirlos en la recepción de cualquiera de nuestras sucursales.',
  // The business's contact (issue 39).
  contactSaved: 'Teléfono y redes guardados con éxito',
  phoneDigits: 'El teléfono debe tener 10 dígitos, p. ej. 55 1234 5678.',
  whatsappDigits: 'El WhatsApp debe tener 10 dígitos, p. ej. 55 1234 5678.',
  instagramInvalid:
    'Pega la dirección https de tu perfil de Instagram, p. ej. https://www.instagram.com/salacomun.',
  facebookInvalid:
    'Pega la dirección https de tu página de Facebook, p. ej. https://www.facebook.com/salacomun.',
  consentNeeded: 'Acepta el aviso de privacidad y los términos para continuar.',
  consentSaved: 'Gracias: registramos tu aceptación.',
} as const;
