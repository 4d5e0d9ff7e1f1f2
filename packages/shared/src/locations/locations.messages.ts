/** docs/business-rules.md §5 and §8 texts for zones (cities), branches and rooms; the rest in the same voice. */
export const locationMessages = {
  cityNameRequired: 'El nombre de la ciudad es requerido',
  citySaved: 'Ciudad Guardada con éxito.',
  cityDeleted: 'Registro eliminado',
  cityNotFound: 'La ciudad no existe.',
  cityNameTaken: 'Ya existe una ciudad con ese nombre.',
  cityHasBranches: 'No se puede eliminar la ciudad porque tiene sucursales. Elimina primero sus sucursales.',

  allFieldsRequired: 'Todos los campos son obligatorios',
  selectCity: 'Seleccione una ciudad',
  sessionCostInvalid: 'El costo por sesión debe ser un número entero de 1 a 10 créditos.',
  standingWeeksInvalid:
    'Las semanas máximas de reserva fija deben ser un número entero de 0 a 52 (0 la desactiva).',
  scheduleInvalid: 'Revisa el horario: la primera hora debe ser igual o anterior a la última (de 0 a 23).',
  branchCreated: 'Sucursal creada con exito',
  branchUpdated: 'Sucursal actualizada con exito',
  branchDeleted: 'Sucursal removida con exito',
  branchNameMismatch: 'El nombre de la sucursal no coincide.',
  branchNotFound: 'La sucursal no existe.',
  branchNameTaken: 'Ya existe una sucursal con ese nombre en esta ciudad.',
  branchHasRooms: 'No se puede eliminar la sucursal porque tiene salas. Elimina primero sus salas.',
  branchNotInCity: 'La sucursal no pertenece a la ciudad seleccionada.',
  phoneDigits: 'El telefono deben de tener 10 dígitos',
  whatsappDigits: 'El WhatsApp deben de tener 10 dígitos',
  mapUrlInvalid: 'El enlace del mapa debe ser una dirección web que empiece con http:// o https://.',

  positionInvalid: 'El puesto debe ser un número del 1 al 10.',
  roomExists: 'La sala ya existe en este puesto.',
  roomCreated: 'Sala creada con exito',
  roomUpdated: 'Sala actualizada con exito',
  roomDeleted: 'Registro eliminado',
  roomNotFound: 'La sala no existe.',
  roomHasSessions:
    'No se puede eliminar la sala porque tiene sesiones registradas. Desactívala para que no se pueda reservar.',
  roomHasFutureSessions:
    'No se puede mover la sala a otra sucursal porque tiene sesiones agendadas. Cancélalas primero.',

  saveFailed: 'Algo salió mal, intentalo de nuevo.',
} as const;
