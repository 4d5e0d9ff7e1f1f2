/** Spanish texts of the second factor, the open logins and the staff branch (issue 45). */
export const staffSecurityMessages = {
  codeRequired: 'Escribe el código de 6 dígitos de tu app de autenticación.',
  codeFormat: 'El código tiene 6 dígitos.',
  recoveryFormat: 'Escribe uno de tus códigos de recuperación (10 letras y números).',
  oneCodeOnly: 'Escribe el código de tu app o un código de recuperación, no los dos.',
  codeWrong: 'El código no es correcto o ya se usó. Escribe el código nuevo que muestra tu app.',
  recoveryWrong: 'Ese código de recuperación no es válido o ya se usó.',
  challengeExpired: 'Tu inicio de sesión expiró. Escribe de nuevo tu correo y contraseña.',
  enrolFirst:
    'Por seguridad, activa la verificación en dos pasos en Mi Perfil antes de entrar a la administración.',
  alreadyEnabled: 'La verificación en dos pasos ya está activa.',
  notEnabled: 'La verificación en dos pasos no está activa.',
  setupFirst: 'El código QR ya no es válido: empieza de nuevo la activación.',
  loginNotFound: 'Esa sesión ya no está abierta.',
  ownFactorInProfile: 'Tu propia verificación en dos pasos se desactiva en Mi Perfil, con un código.',
  currentLogin: 'Esta es la sesión de este navegador: usa «Cerrar sesión» para salir.',
  onlyHomeBranch:
    'Tu cuenta solo tiene acceso a tu sucursal. Pide a un super administrador acceso a las demás.',
  branchNotFound: 'Elige una sucursal válida.',
  branchOnlyNeedsBranch: 'Para limitar la cuenta a una sucursal, primero elige su sucursal.',
  branchForStaff: 'Solo el personal (administradores) tiene sucursal.',
  ownBranchOnly: 'No puedes limitar tu propia cuenta a una sucursal.',
  /** The public registration form from one address, over REGISTER_LIMIT_PER_HOUR: 'Espera 40 minutos …'. */
  tooManyRegistrations: (wait: string) =>
    `Se crearon varias cuentas desde esta conexión. Espera ${wait} e inténtalo de nuevo, o pide tu registro en recepción.`,
} as const;
