/** docs/business-rules.md §5 (Cost) and §8 texts; the rest in the same voice. */
export const costMessages = {
  requiredFields: 'Valida los campos obligatorios',
  totalNotNumber: 'El monto del gasto debe ser un número',
  created: 'Gasto creado con éxito',
  updated: 'Gasto actualizado con éxito',
  deleted: 'Registro eliminado',
  notFound: 'El gasto no existe.',
  branchNotFound: 'La sucursal no existe.',
  totalOutOfRange:
    'El monto del gasto debe ser mayor a 0 y de hasta 1,000,000 pesos, con máximo dos decimales.',
  dateInvalid: 'Elige una fecha válida.',
  dateOutOfRange: 'La fecha del gasto no puede ser de hace más de cinco años ni de más de un mes adelante.',
} as const;
