import { expect, test } from '@playwright/test';
import { loginAs } from './fixtures';
import { expectNoSeriousViolations } from './page-checks';

const publicPages = [
  '/',
  '/nosotros',
  '/equipo',
  '/reserva',
  '/sucursales',
  '/comprar',
  '/mi-carrito',
  '/registro',
  '/registro/iniciar-sesion',
  '/no-existe',
];

for (const path of publicPages) {
  test(`${path} has no serious or critical axe violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}

const adminForms = [
  ['/admin/zonas', 'Nueva zona'],
  ['/admin/consultorios', 'Nueva sucursal'],
  ['/admin/salas', 'Nueva sala'],
  ['/admin/productos', 'Nuevo producto'],
] as const;

test.describe('admin screens', () => {
  test.skip(({ isMobile }) => isMobile, 'admin screens are tested on desktop');

  for (const [path, create] of adminForms) {
    test(`${path} and its form have no serious or critical axe violations`, async ({ page }) => {
      await loginAs(page, 'superadmin');
      await page.goto(path);
      await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.getByRole('button', { name: create }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  }
});
