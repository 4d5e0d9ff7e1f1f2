/** The import's report (issue 41): what each collection is called, and why a record was left out, in Spanish. */
export const importCollectionLabels = {
  cities: 'Zonas (cities)',
  branches: 'Sucursales (branches)',
  machines: 'Salas (machines)',
  products: 'Productos (products)',
  users: 'Usuarios (users)',
  auth: 'Cuentas de Firebase (auth)',
  sessions: 'Sesiones (sessions)',
  blocked: 'Bloqueos de día u hora (blocked)',
  blockedRoom: 'Bloqueos de sala (blockedRoom)',
  orders: 'Órdenes (orders)',
  costs: 'Gastos (costs)',
  clients: 'Clientes (hoja de cálculo)',
} as const;
export type TImportCollection = keyof typeof importCollectionLabels;

const documentCount = (n: number) => `${n} ${n === 1 ? 'documento' : 'documentos'}`;

export const importMessages = {
  notADocument: 'No es un documento (se esperaba un objeto con sus campos).',
  missingName: 'No tiene nombre.',
  nameTaken: 'Ya existe otro registro con ese nombre en la app.',
  missingCity: 'Su zona (cityId) no está en la exportación o no se importó.',
  missingBranch: 'Su sucursal (branchId) no está en la exportación o no se importó.',
  missingRoom: 'Su sala no está en la exportación o no se importó.',
  missingUser: 'Su cliente (userId) no está en la exportación o no se importó.',
  badPosition: 'La posición debe ser un número entero de 1 a 10.',
  positionTaken: (position: number) => `Otra sala de la misma sucursal ya tiene la posición ${position}.`,
  badInstant: (field: string) => `El campo ${field} no es una fecha válida.`,
  badDate: 'La fecha debe ser AAAA-MM-DD.',
  badHour: 'La hora debe ser HH:mm.',
  badPrice: 'El precio debe ser un número de 0 o más, en pesos.',
  badCount: (field: string) => `El campo ${field} debe ser un número entero de 0 o más.`,
  badEmail: 'No tiene un correo válido.',
  duplicateEmail: (keptId: string) => `Tiene el mismo correo que ${keptId}, que sí se importó.`,
  emailInUse: 'Ya existe en la app una cuenta con ese correo que no viene de esta importación.',
  authWithoutUser: 'Es una cuenta de Firebase sin documento en users: no se importó.',
  userSkipped: 'Su documento de users se omitió (ver arriba).',
  badCredits: 'Los créditos deben ser un número entero de 0 o más.',
  courtesyWithoutName: 'Es una sesión de cortesía sin nombre (courtesyName).',
  sessionTaken: 'Choca con otra sesión en la misma sala y hora.',
  clientTwice: 'El cliente ya tiene otra sesión a esa misma hora.',
  blockRepeated: 'Repite otro bloqueo de la misma sucursal, día y hora.',
  roomBlockRepeated: 'Repite otro bloqueo de la misma sala y hora.',
  badMethod: 'Su método de pago no es cash, card ni transfer.',
  notFinal: (status: string) =>
    `Su estado es «${status}»: solo se importan órdenes completadas (completed) o canceladas (cancelled).`,
  badTotal: 'El total debe ser un número de 0 o más, en pesos.',
  onlineWithoutClient: 'Es una compra en línea sin cliente importado.',
  subcollection: (path: string, documents: number) =>
    `Subcolección ${path} (${documentCount(documents)}): no es parte de los datos de la app; no se importó.`,
  unknownCollection: (name: string, documents: number) =>
    `Colección ${name} (${documentCount(documents)}): la app no la usa; no se importó.`,
  // Imported, with a note.
  phoneKept: 'Su teléfono no tiene 10 dígitos: se importó como estaba; el cliente lo corrige en su perfil.',
  nameFromEmail: 'No tenía nombre: se usó el de su correo.',
  noPassword: 'No tiene contraseña en Firebase: la crea con «¿Olvidaste tu contraseña?».',
  authEmailDiffers: (email: string) =>
    `Su cuenta de Firebase es de otro correo (${email}): se importó sin contraseña; la crea con «¿Olvidaste tu contraseña?».`,
  roomHasSessions:
    'La exportación la pasa a otra sucursal, pero aquí tiene sesiones por venir: se dejó donde estaba.',
  disabledInFirebase: 'Su cuenta estaba deshabilitada en Firebase: se importó inactiva.',
  unknownProduct: (productId: string) =>
    `El producto ${productId} no está en la exportación: su línea se omitió.`,
  posWithoutClient: 'Venta de mostrador sin cliente importado: se importó como «Público en general».',
  balanceShort: (short: number) =>
    `Su saldo en la exportación bajó, pero ya usó ${short} créditos aquí: su saldo quedó en 0.`,
  goneSession:
    'Ya no está en la exportación (se canceló en la app anterior): se canceló aquí, sin mover créditos.',
  goneBlock: 'Ya no está en la exportación (se quitó en la app anterior): se quitó aquí.',
  goneCost: 'Ya no está en la exportación (se eliminó en la app anterior): se eliminó aquí.',
  // The spreadsheet.
  csvEmpty: 'El archivo está vacío.',
  csvColumns:
    'La primera fila debe nombrar las columnas nombre, correo, telefono y creditos (y, si quieres, activo).',
  /** Excel's plain "CSV" is not UTF-8: read as UTF-8, its accents and eñes arrive as U+FFFD. */
  csvNotUtf8:
    'El archivo no está en UTF-8: sus acentos y eñes se leerían mal. En Excel, guárdalo con «Guardar como» → «CSV UTF-8 (delimitado por comas)» y elígelo otra vez.',
  csvUnreadable: 'No se pudo leer el archivo como CSV (UTF-8, separado por comas o por punto y coma).',
  csvTooManyRows: (max: number) => `El archivo tiene más de ${max} filas: divídelo en varios.`,
  csvTooLarge: 'El archivo pesa más de 1 MB (unos 10 000 clientes): divídelo en varios.',
  csvName: 'El nombre es obligatorio.',
  csvPhone: 'El teléfono debe tener 10 dígitos.',
  csvActive: 'La columna activo debe decir sí o no.',
  csvRepeated: (line: number) => `Repite el correo de la línea ${line}.`,
  done: (imported: number, updated: number) =>
    `Importación terminada: ${imported} clientes nuevos, ${updated} actualizados.`,
} as const;
