import { expect, type Page, test } from '@playwright/test';
import { spokenDate, weekdayAhead } from './dates';
import { createBranch, loginAs, uniqueTag } from './fixtures';
import { expectNoHorizontalScroll } from './page-checks';
import { choose } from './wizard';

// Issue 39, what staff tripped over: the side menu cut at 800 px, the booking at /admin/reservar confirmed by a
// toast alone. The phone project skips the admin screens: these run in the desktop browser at both sizes.

/** Whether the element's middle is what the pointer would hit there (on screen and covered by nothing). */
const uncovered = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name: 'Secciones' })
    .getByRole('link', { name, exact: true })
    .evaluate((el) => {
      const box = el.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && el.contains(hit);
    });

for (const size of [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
]) {
  test.describe(`the admin menu at ${size.width} × ${size.height}`, () => {
    test.skip(({ isMobile }) => isMobile, 'the desktop project sets the size');
    test.use({ viewport: size });

    test('groups its entries, says when more wait below, and reaches the last one', async ({ page }) => {
      await loginAs(page, 'superadmin');
      await page.goto('/admin');
      if (size.width < 1024) await page.getByRole('button', { name: 'Abrir menú de administración' }).click();
      const menu = page.getByRole('navigation', { name: 'Secciones' });
      await expect(menu.getByRole('link', { name: 'Panel', exact: true })).toBeInViewport();

      const groups = menu.getByRole('list');
      await expect(groups).toHaveCount(4);
      for (const [name, first, last] of [
        ['Operación', 'Panel', 'Usuarios'],
        ['Catálogo', 'Zonas', 'Productos'],
        ['Dinero', 'Corte', 'Facturación'],
        ['Administración', 'Mensajes', 'Datos legales'],
      ] as const) {
        const links = menu.getByRole('list', { name, exact: true }).getByRole('link');
        await expect(links.first()).toHaveAccessibleName(first);
        await expect(links.last()).toHaveAccessibleName(last);
      }

      // The last entry does not fit under the others: the menu says so, and its hint takes the list down.
      expect(await uncovered(page, 'Datos legales')).toBe(false);
      const more = page.getByTestId('menu-more-below');
      await expect(more).toBeVisible();
      await expect(more).toHaveText('Más abajo');
      // Each click scrolls half a list down; at the end the hint goes (it may go while a click is on its way).
      await expect(async () => {
        if (await more.isVisible()) await more.click({ timeout: 1_000 });
        await expect(more).toHaveCount(0, { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await expect(menu.getByRole('link', { name: 'Datos legales' })).toBeInViewport({ ratio: 1 });
      expect(await uncovered(page, 'Datos legales')).toBe(true);

      await menu.getByRole('link', { name: 'Datos legales' }).click();
      await expect(page).toHaveURL('/admin/datos-legales');
      // Opened again (a phone's drawer closes), the current screen's entry shows, clear of the hint.
      if (size.width < 1024) await page.getByRole('button', { name: 'Abrir menú de administración' }).click();
      await expect(menu.getByRole('link', { name: 'Datos legales' })).toHaveAttribute('aria-current', 'page');
      await expect(menu.getByRole('link', { name: 'Datos legales' })).toBeInViewport({ ratio: 1 });
      expect(await uncovered(page, 'Datos legales')).toBe(true);
      await expectNoHorizontalScroll(page);
    });
  });

  test.describe(`/admin/reservar at ${size.width} × ${size.height}`, () => {
    test.skip(({ isMobile }) => isMobile, 'the desktop project sets the size');
    test.use({ viewport: size });

    test('the booked session stays on screen, under the summary, until the next one is made', async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await loginAs(page, 'superadmin');
      const branchName = `Recepción ${uniqueTag()}`;
      await createBranch(page.request, branchName, { zone: 'Guadalajara', rooms: 2 });
      const date = weekdayAhead(2);

      await page.goto('/admin/reservar');
      await page.getByRole('radio', { name: 'Cortesía', exact: true }).check();
      await page.getByLabel('Nombre de cortesía').fill('Dra. Ana Ruiz');
      await choose(page, 'Zona', /^Guadalajara/);
      await choose(page, 'Sucursal', new RegExp(`^${branchName}`));
      await choose(page, 'Día', spokenDate(date));
      await choose(page, 'Hora', /^10:00/);
      await choose(page, 'Sala', /^Sala 1(?!\d)/);
      await page.getByTestId('booking-summary').getByRole('button', { name: 'Confirmar' }).click();

      const note = page.getByTestId('booking-success');
      await expect(note).toBeInViewport();
      await expect(note.getByRole('heading')).toHaveText('Reservación creada para Dra. Ana Ruiz');
      await expect(note).toContainText('Dra. Ana Ruiz (cortesía)');
      await expect(note).toContainText('de 10:00 a 11:00');
      await expect(note).toContainText(`Sala 1 · ${branchName}`);
      await expect(note).toContainText(spokenDate(date));
      await expect(note).not.toContainText('Sesion de prueba');

      // Long after the toast has gone, while the next booking is chosen, it is still there. (A toast waits while
      // the pointer rests on it: the click on Confirmar left it where the toast shows on a phone.)
      await page.mouse.move(0, 0);
      await expect(page.locator('[data-tone]')).toHaveCount(0, { timeout: 6_000 });
      await page.getByRole('radio', { name: 'Cortesía', exact: true }).check();
      await page.getByLabel('Nombre de cortesía').fill('Dr. Luis Ortega');
      await choose(page, 'Hora', /^11:00/);
      await choose(page, 'Sala', /^Sala 2(?!\d)/);
      await expect(note).toContainText('de 10:00 a 11:00');
      // Beside the steps on a desktop it stays in view; a phone's summary and note follow the steps below.
      if (size.width >= 1024) await expect(note).toBeInViewport();
      else await expect(note).toBeVisible();

      await page.getByTestId('booking-summary').getByRole('button', { name: 'Confirmar' }).click();
      await expect(note.getByRole('heading')).toHaveText('Reservación creada para Dr. Luis Ortega');
      await expect(note).toContainText('de 11:00 a 12:00');
      await expect(note).toContainText(`Sala 2 · ${branchName}`);
      await expect(page.getByTestId('booking-success')).toHaveCount(1);
      await expect(note).toBeInViewport();
      await expectNoHorizontalScroll(page);
    });
  });
}
