/** The cash drawer's texts (issue 22), in the voice of the point of sale. */
export const drawerMessages = {
  notOpen: 'La caja de esta sucursal no está abierta hoy. Indica el fondo inicial para abrirla.',
  closed:
    'La caja de esta sucursal ya se cerró hoy: no recibe más ventas. Un super administrador puede reabrirla.',
  alreadyOpen: 'La caja de esta sucursal ya está abierta hoy.',
  alreadyClosed: 'Esta caja ya está cerrada.',
  notClosed: 'Esta caja no está cerrada.',
  notFound: 'La caja no existe.',
  branchNotFound: 'Elige una sucursal.',
  invalidFloat: 'El fondo inicial debe ser una cantidad en pesos de 0 en adelante.',
  invalidCount: 'Escribe el efectivo contado, o cuenta billetes y monedas.',
  invalidPieces: 'Cada cantidad de billetes o monedas debe ser un número entero de 0 en adelante.',
  noteRequired: 'Explica la diferencia en la nota.',
  reasonRequired: 'Escribe por qué se reabre la caja.',
  opened: 'Caja abierta',
  closedOk: 'Caja cerrada',
  reopened: 'Caja reabierta',
} as const;

export const differenceLabels = { over: 'Sobrante', short: 'Faltante', even: 'Cuadra' } as const;
