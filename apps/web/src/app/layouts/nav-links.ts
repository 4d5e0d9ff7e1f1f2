/** The public navigation of docs/business-rules.md §2, in its order. */
export const publicNavLinks = [
  { to: '/', label: 'Inicio' },
  { to: '/nosotros', label: 'Nosotros' },
  { to: '/equipo', label: 'Equipo' },
  { to: '/reserva', label: 'Reserva' },
  { to: '/cowork-area', label: 'Cowork' },
  { to: '/contacto', label: 'Contacto' },
] as const;
