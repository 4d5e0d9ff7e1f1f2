/**
 * docs/business-rules.md §6 and §8 texts for adding to the cart, verbatim, and ours in the same voice. Their own module: the landing
 * page's catalog loads them, and none of the checkout's texts (store.messages.ts).
 */
export const cartMessages = {
  loginToAdd: 'Debes iniciar sesión para agregar productos al carrito',
  added: 'Paquete agregado al carrito',
  /** Ours: the same toast for a product of 'Nuestros Servicios'. */
  serviceAdded: 'Servicio agregado al carrito',
} as const;
