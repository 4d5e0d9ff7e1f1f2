import { expect, type Page, test } from '@playwright/test';
import { formatFolio } from '@sala/shared/orders/folio';
import { addDays, weekdayOf } from '@sala/shared/time/business-time';
import { mexicoToday } from './dates';
import { createClient, loginAs } from './fixtures';
import { expectNoHorizontalScroll, expectNoSeriousViolations, keepPicture, searchTable } from './page-checks';

/**
 * Issue 39: an order is read and found by its short folio ("A-00123"), never by its id; and the demo's past days
 * have their cash drawers, so a past corte lists them.
 */
const FOLIO = /^A-\d{5,}$/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

test.describe('the order folio', () => {
  test('a client sees the folio of an OXXO order on /resumen and in Mis pedidos', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    const client = await createClient(playwright, baseURL!, 0);
    const login = await page.request.post('/api/auth/login', {
      data: { email: client.email, password: client.password },
    });
    expect(login.status()).toBe(200);
    await page.goto('/comprar');
    await page.getByRole('button', { name: 'Agregar al carrito (Paquete Básico)' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await page.goto('/mi-carrito');
    await page.getByRole('link', { name: 'Continuar al pago' }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    const oxxo = page.getByRole('radio', { name: 'Efectivo en OXXO' });
    await oxxo.click();
    await expect(oxxo).toBeChecked();
    await page.getByRole('button', { name: 'Generar ficha de pago OXXO' }).click();
    await expect(page).toHaveURL('/resumen');

    // The folio the database gave the order, as the API reports it.
    const mine = await page.request.get('/api/me/orders');
    const [order] = ((await mine.json()) as { rows: { id: string; folio: number }[] }).rows;
    const folio = formatFolio(order!.folio);
    expect(folio).toMatch(FOLIO);

    const resumen = page.getByRole('main');
    await expect(resumen.getByText(`Folio: ${folio}`)).toBeVisible();
    await expect(resumen).not.toContainText(order!.id);
    await expect(resumen).not.toContainText(UUID);
    await keepPicture(page, `resumen-folio-${testInfo.project.name}`);

    await page.goto('/perfil/mis-pedidos');
    const orders = page.getByRole('region', { name: 'Mis pedidos' });
    await expect(orders.getByText(folio, { exact: true })).toBeVisible();
    await expect(orders).not.toContainText(UUID);
    await expectNoHorizontalScroll(page);
    await keepPicture(page, `mis-pedidos-folio-${testInfo.project.name}`);
  });
});

/** The newest orders of the demo, as the admin table's API lists them. */
async function someOrder(page: Page) {
  const res = await page.request.get('/api/orders?page=2&pageSize=10');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { rows: { id: string; folio: number; clientName: string }[] }).rows[3]!;
}

test.describe('staff screens', () => {
  test.skip(({ isMobile }) => isMobile, 'admin screens: the desktop browser, at 1280 px and at 375 px');

  for (const width of [1280, 375]) {
    test(`Ordenes shows and finds an order by its folio (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await loginAs(page, 'superadmin');
      const order = await someOrder(page);
      const folio = formatFolio(order.folio);

      await page.goto('/admin/ordenes');
      const table =
        width > 500
          ? page.getByRole('table', { name: 'Ordenes' })
          : page.getByRole('list', { name: 'Ordenes' });
      // The run's first admin page loads its lazy chunks and the table: allow for a busy machine.
      await expect(table.getByText(FOLIO).first()).toBeVisible({ timeout: 30_000 });
      if (width > 500) await expect(page.getByRole('columnheader', { name: 'Folio' })).toBeVisible();
      await expect(table).not.toContainText(UUID);
      await expectNoHorizontalScroll(page);
      await expectNoSeriousViolations(page);
      await keepPicture(page, `ordenes-folio-${width}`);

      // As printed on the ticket: that order alone.
      await searchTable(page, folio);
      const rows =
        width > 500 ? table.getByRole('row').filter({ hasText: /A-\d{5,}/ }) : table.getByRole('listitem');
      await expect(rows).toHaveCount(1);
      await expect(rows).toContainText(folio);
      await expect(rows).toContainText(order.clientName);

      // The digits alone: that order first.
      await searchTable(page, String(order.folio));
      await expect(rows.first()).toContainText(folio);

      await page
        .getByRole('link', { name: `Ver ticket de la orden de ${order.clientName}` })
        .first()
        .click();
      await expect(page.getByText(`Folio ${folio}`)).toBeVisible();
      await expect(page.getByRole('main')).not.toContainText(UUID);
    });

    test(`a past day's corte lists every branch's closed drawer (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await loginAs(page, 'superadmin');
      // The last day the branches opened: yesterday, or Saturday after a Sunday.
      const yesterday = addDays(mexicoToday(), -1);
      const day = weekdayOf(yesterday) === 0 ? addDays(yesterday, -1) : yesterday;
      await page.goto(`/admin/corte?fecha=${day}`);
      const drawers = page.getByTestId('corte-drawer');
      await expect(page.getByRole('region', { name: 'Cajas' })).toBeVisible({ timeout: 30_000 });
      await expect(drawers).toHaveCount(3);
      await expect(drawers.filter({ hasText: 'Polanco' })).toHaveCount(1);
      await expect(drawers.filter({ hasText: 'Providencia' })).toHaveCount(1);
      await expect(drawers.filter({ hasText: 'Valle' })).toHaveCount(1);
      // Counted and closed, each: none still open.
      await expect(drawers.filter({ hasText: 'Abierta' })).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await expectNoSeriousViolations(page);
      await keepPicture(page, `corte-cajas-pasado-${width}`);
    });
  }
});
