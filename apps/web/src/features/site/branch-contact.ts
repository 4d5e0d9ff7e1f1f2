// Shared with the footer, the side menu and the API's messages (issue 39).
export { formatPhone, telHref, whatsappHref } from '@sala/shared/common/phone';

/** The booking wizard with the branch's zone and the branch already chosen (its ?zona=&sucursal= query). */
export const bookHereHref = (branch: { cityId: string; id: string }) =>
  `/reserva?${new URLSearchParams({ zona: branch.cityId, sucursal: branch.id })}`;
