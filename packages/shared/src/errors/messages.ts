/** Spanish texts shared by the API and the web app. Feature-specific texts live beside their contracts. */
export const commonMessages = {
  genericError: 'Oh no algo salió mal, ¡inténtalo de nuevo!',
  somethingWentWrong: 'Algo salió mal, intentalo de nuevo.',
  invalidJson: 'La solicitud no tiene un formato JSON válido.',
  invalidInput: 'Revisa los datos enviados.',
  unsupportedMediaType: 'El tipo de contenido de la solicitud no es compatible.',
  payloadTooLarge: 'La solicitud es demasiado grande.',
  routeNotFound: 'No encontramos lo que buscas.',
  notFound: 'No encontrado',
  unauthenticated: 'Debes iniciar sesión para continuar.',
  permissionDenied: 'No tienes permiso para realizar esta acción.',
  tooManyRequests: 'Demasiados intentos. Espera un momento e inténtalo de nuevo.',
  conflict: 'Este registro ya existe o cambió mientras lo editabas.',
  unavailable: 'El servicio no está disponible por el momento, intenta más tarde.',
  loading: 'Cargando...',
} as const;
