/** Spanish texts of docs/business-rules.md §5 and §8 for accounts, verbatim. */
export const authMessages = {
  allFieldsRequired: 'Todos los campos son obligatorios',
  acceptTerms: 'Debe aceptar los términos y condiciones',
  phoneDigits: 'El telefono deben de tener 10 dígitos',
  passwordsMustMatch: 'Las contraseñas deben de ser iguales',
  registerInvalidEmail: 'Email invalido, intente con otro',
  weakPassword: 'Contraseña insegura (mínimo 6 caracteres)',
  somethingWentWrong: 'Algo salió mal, intentalo de nuevo.',
  registered: 'Registrado con exito',
  emailTaken: 'Este correo ya está registrado. Inicia sesión o usa otro correo.',
  loginFieldsRequired: 'Todos los campos son requeridos',
  invalidEmail: 'Email invalido',
  userNotFound: 'Usuario no encontrado',
  wrongPassword: 'Contraseña incorrecta',
  accountDisabled: 'TU CUENTA ESTA DESACTIVADA, COMUNICATE CON UN ADMINISTRADOR PARA ACTIVARLA',
  loggedIn: 'Has iniciado sesion',
  loggedOut: 'Has cerrado sesion',
  emailRequired: 'El campo de email es requerido',
  resetSent: 'Te enviamos un correo con el enlace para restablecer tu contraseña.',
  resetInvalid: 'El enlace para restablecer la contraseña no es válido o ya expiró. Solicita uno nuevo.',
  passwordChanged: 'Tu contraseña se actualizó. Ya puedes iniciar sesión.',
  /** A per-address limit of the account routes (reset e-mails, resets, registrations): 'Espera 20 minutos …'. */
  tooManyAttempts: (wait: string) => `Demasiados intentos. Espera ${wait} e inténtalo de nuevo.`,
  /** A login refused while its throttle waits: 'Espera 30 segundos …'. */
  tooManyLoginAttempts: (wait: string) =>
    `Demasiados intentos fallidos. Por seguridad, espera ${wait} e inténtalo de nuevo.`,
  tooLong: 'El texto es demasiado largo.',
  invalidName: 'El nombre solo puede contener letras, espacios, apóstrofos, puntos y guiones.',
} as const;
