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
  /** What a page shows in place of a fact nobody has set yet. */
  pending: '(por definir)',
  consentNeeded: 'Acepta el aviso de privacidad y los términos para continuar.',
  consentSaved: 'Gracias: registramos tu aceptación.',
} as const;
