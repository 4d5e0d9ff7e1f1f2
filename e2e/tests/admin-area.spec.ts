import { expect, test } from '@playwright/test';
import { createClient, loginAs } from './fixtures';
import { searchTable } from './page-checks';

const superOnly = ['Corte', 'Reportes', 'Gastos', 'Ordenes', 'Reservar', 'Bloquear hora', 'Mensajes'];

test.describe('admin area', () => {
  test.skip(({ isMobile }) => isMobile, 'admin screens are tested on desktop');

  test('an admin sees no super-admin entries and is sent back from /admin/corte', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/admin');
    const menu = page.getByRole('navigation', { name: 'Secciones' });
    await expect(menu.getByRole('link', { name: 'Usuarios' })).toBeVisible();
    for (const label of superOnly)
      await expect(menu.getByRole('link', { name: label, exact: true })).toHaveCount(0);
    await page.goto('/admin/corte');
    await expect(page).toHaveURL('/admin');
    const api = await page.request.get('/api/outbox');
    expect(api.status()).toBe(403);
  });

  test("an admin's panel shows today and the occupancy, never the money (issue 22)", async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/admin');
    await expect(page.getByTestId('today-booked')).toContainText(' de ');
    await expect(page.getByTestId('occupancy-row').first()).toBeVisible();
    await expect(page.getByTestId('heatmap')).toBeVisible();
    await expect(page.getByTestId('panel-dinero')).toHaveCount(0);
    await expect(page.getByTestId('today-pending')).toHaveCount(0);
    expect((await page.request.get('/api/dashboard/money')).status()).toBe(403);
    expect((await page.request.get('/api/reports?from=2026-01-01&to=2026-01-31')).status()).toBe(403);
    await page.goto('/admin/reportes');
    await expect(page).toHaveURL('/admin');
  });

  test('a super admin sees every entry; the menu collapses and links back to the site', async ({ page }) => {
    await loginAs(page, 'superadmin');
    await page.goto('/admin');
    const menu = page.getByRole('navigation', { name: 'Secciones' });
    for (const label of superOnly)
      await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Contraer menú' }).click();
    await expect(page.getByRole('button', { name: 'Expandir menú' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await page.getByRole('button', { name: 'Expandir menú' }).click();
    await page.getByRole('link', { name: 'Ir al sitio' }).click();
    await expect(page).toHaveURL('/');
  });

  test("the side menu's dark column runs the full height of a long page", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await loginAs(page, 'superadmin');
    await page.goto('/admin/productos');
    await page.getByLabel('Filas por página').selectOption('50');
    await expect(page.getByRole('row')).not.toHaveCount(1);
    // How far down the menu's colour reaches: the menu and any column behind it painted the same.
    const reach = () =>
      page.evaluate(() => {
        const aside = document.querySelector('aside[aria-label="Menú de administración"]')!;
        const colour = getComputedStyle(aside).backgroundColor;
        let bottom = 0;
        for (let el: Element | null = aside; el && el !== document.body; el = el.parentElement) {
          if (getComputedStyle(el).backgroundColor === colour)
            bottom = Math.max(bottom, el.getBoundingClientRect().bottom + window.scrollY);
        }
        return { bottom, page: document.documentElement.scrollHeight, viewport: window.innerHeight };
      });
    // The 50 rows replace the first 10 once they arrive (CI once measured the page while the table was loading).
    await expect.poll(async () => (await reach()).page).toBeGreaterThan(600);
    const top = await reach();
    expect(top.page).toBeGreaterThan(top.viewport);
    expect(top.bottom).toBeGreaterThanOrEqual(top.page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const end = await reach();
    expect(end.bottom).toBeGreaterThanOrEqual(end.page);
  });

  test('a client and a visitor are sent home from /admin', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL('/');
    await loginAs(page, 'client');
    await page.goto('/admin/usuarios');
    await expect(page).toHaveURL('/');
    const api = await page.request.get('/api/users');
    expect(api.status()).toBe(403);
  });

  test('signing out from the admin menu ends the session', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page.getByText('Has cerrado sesion')).toBeVisible();
    await expect(page).toHaveURL('/');
    expect((await page.request.get('/api/users')).status()).toBe(401);
  });

  test('the users table pages, sorts and searches; a super admin edits credits', async ({ page }) => {
    await loginAs(page, 'superadmin');
    await page.goto('/admin/usuarios');
    const sizes = page.getByLabel('Filas por página');
    await expect(sizes.locator('option')).toHaveText([
      'Mostrar 10',
      'Mostrar 20',
      'Mostrar 30',
      'Mostrar 50',
    ]);
    await expect(page.getByText(/^Pagina 1 de \d+$/)).toBeVisible();

    await searchTable(page, 'no-existe-nadie-asi');
    await expect(page.getByText('No se encontraron datos.')).toBeVisible();
    await searchTable(page, 'cliente@example.com');
    const row = page.getByRole('row', { name: /cliente@example\.com/ });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Usuario');

    const current = Number(await row.getByRole('cell').nth(4).textContent());
    await row.getByRole('button', { name: /Editar/ }).click();
    const form = page.getByRole('dialog', { name: 'Editar usuario' });
    await expect(form.getByLabel('Rol')).toContainText('Super Administrador');
    await form.getByLabel('Créditos').fill('-3');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(form.getByText('Verifica el valor de los créditos')).toBeVisible();
    await form.getByLabel('Créditos').fill(String(current + 1));
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Usuario actualizado con exito')).toBeVisible();
    await expect(row.getByRole('cell').nth(4)).toHaveText(String(current + 1));

    await row.getByRole('link', { name: /Ver perfil/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Valeria Torres');
  });

  test('an admin edits a client without seeing credits, role or status', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/admin/usuarios');
    await searchTable(page, 'superadmin@example.com');
    const staffRow = page.getByRole('row', { name: /superadmin@example\.com/ });
    await expect(staffRow).toHaveCount(1);
    await expect(staffRow.getByRole('button', { name: /Editar/ })).toHaveCount(0);
    await expect(staffRow.getByRole('switch')).toHaveCount(0);

    await searchTable(page, 'cliente@example.com');
    const row = page.getByRole('row', { name: /cliente@example\.com/ });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: /Editar/ }).click();
    const form = page.getByRole('dialog', { name: 'Editar usuario' });
    await expect(form.getByLabel('Nombre')).toHaveValue('Valeria Torres');
    await expect(form.getByLabel('Créditos')).toHaveCount(0);
    await expect(form.getByLabel('Rol')).toHaveCount(0);
    await form.getByRole('button', { name: 'Cancelar' }).click();
  });

  test('the profile pages its purchase history with 5, 10 and 30 rows', async ({
    page,
    playwright,
    baseURL,
  }) => {
    // A new client: no orders and no sessions yet (the demo client has lived in the demo business).
    const client = await createClient(playwright, baseURL!, 0);
    expect((await page.request.post('/api/auth/login', { data: client })).status()).toBe(200);
    await page.goto('/perfil/mis-pedidos');
    const orders = page.locator('#pedidos');
    await expect(orders.getByLabel('Filas por página').locator('option')).toHaveText([
      'Mostrar 5',
      'Mostrar 10',
      'Mostrar 30',
    ]);
    await expect(orders.getByText('No se encontraron datos.')).toBeVisible();
    await expect(page.locator('#sesiones').getByText('Pagina 1 de 1')).toBeVisible();
  });
});
