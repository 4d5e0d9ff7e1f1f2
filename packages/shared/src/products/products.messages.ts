/** docs/business-rules.md §5 and §8 texts of the product form. */
export const productMessages = {
  requiredFields: 'Valida los campos obligatorios',
  numericValues: 'Verifica tus valores numericos',
  created: 'Producto creado con exito',
  updated: 'Producto actualizado con exito',
  notFound: 'El producto no existe.',
  saveFailed: 'Algo salió mal, intentalo de nuevo.',
} as const;
