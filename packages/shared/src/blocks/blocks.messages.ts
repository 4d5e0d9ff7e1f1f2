/** docs/business-rules.md §5 and §8 texts of the block forms, verbatim; the rest in the same voice. */
export const blockMessages = {
  // Bloquear Dia/Hora
  requiredFields: 'Verifica los campos obligatorios',
  sunday: 'No se puede bloquear un día domingo.',
  hourAlreadyBlocked: 'Esta hora ya está bloqueada en este día y sucursal.',
  dayBlockedNoHours: 'El día completo ya está bloqueado, no se pueden bloquear horas específicas.',
  dayAlreadyBlocked: 'El día completo ya está bloqueado.',
  dayHasHourBlocks: 'Este día ya tiene horas bloqueadas, no se puede bloquear el día completo.',
  blocked: 'Sesion bloqueada con éxito',
  removed: 'Bloqueo removido con exito',
  saveFailed: 'Algo salió mal',
  // Bloquear Sala
  roomRequiredFields: 'Valida los campos obligatorios.',
  allHoursBlocked: 'Todas las horas ya están bloqueadas.',
  roomAlreadyBlocked: 'La sala ya está bloqueada en este horario.',
  unexpected: 'Error inesperado.',
  cancelTitle: 'Cancelar Bloqueo',
  // Ours, in the same voice.
  branchClosed: 'La sucursal no abre este día.',
  hourNotOffered: 'Esa hora no está en el horario de la sucursal para este día.',
  pastDay: 'No se puede bloquear un día que ya pasó.',
  pastHour: 'No se puede bloquear una hora que ya pasó.',
  tooFarAhead: 'Solo se puede bloquear hasta un año adelante.',
  roomNotInBranch: 'La sala no pertenece a la sucursal seleccionada.',
  branchNotInCity: 'La sucursal no pertenece a la zona seleccionada.',
  notFound: 'El bloqueo no existe.',
} as const;
