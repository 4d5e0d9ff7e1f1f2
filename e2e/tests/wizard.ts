import { expect, type Page } from '@playwright/test';

/** A step of the booking wizard (Zona, Sucursal, Día, Hora, Sala): its radio group, by its exact name. */
export const group = (page: Page, name: string) => page.getByRole('radiogroup', { name, exact: true });

/** Chooses an option of a wizard step and waits until it is checked. */
export async function choose(page: Page, step: string, option: string | RegExp) {
  const radio = group(page, step).getByRole('radio', { name: option, exact: typeof option === 'string' });
  await radio.click();
  await expect(radio).toBeChecked();
}
