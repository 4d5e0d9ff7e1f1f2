import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { drawerMessages } from '@sala/shared/cash-drawer/drawer.messages';
import { posMessages } from '@sala/shared/pos/pos.messages';
import { createBranch, createClient, demo, loginAs, uniqueTag } from './fixtures';
import { expectNoHorizontalScroll, expectNoSeriousViolations, keepPicture, toast } from './page-checks';

// Issue 22: a receptionist's day at the counter of a branch of its own (so the drawer is this test's alone): the
// drawer opened with a float, a walk-in sale and a client's, a closing $20 short with its Z report; the super admin
// sees the difference in the corte, and the client's account shows the sale's credits.

async function sell(
  page: Page,
  sale: {
    client?: { email: string; name: string };
    product: string;
    quantity: string;
    pay: 'Efectivo' | 'Tarjeta';
    amount: string;
  },
) {
  if (sale.client) {
    await page.getByRole('combobox', { name: 'Cliente' }).fill(sale.client.email);
    await page.getByRole('option', { name: new RegExp(sale.client.name) }).click();
  } else {
    await page.getByRole('checkbox', { name: 'Vender al público en general (sin cliente)' }).check();
  }
  await page.getByLabel('Producto', { exact: true }).selectOption({ label: sale.product });
  await page.getByRole('spinbutton', { name: 'Cantidad', exact: true }).fill(sale.quantity);
  await page.getByRole('button', { name: 'Agregar' }).click();
  await page.getByLabel(`${sale.pay} (pesos)`).fill(sale.amount);
  await page.getByRole('button', { name: 'Validar pago' }).click();
  await page.getByRole('button', { name: 'Pagar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmar venta' });
  await dialog.getByRole('button', { name: 'Confirmar venta' }).click();
  await expect(toast(page, posMessages.completed).last()).toBeVisible();
  // This sale's own panel (an earlier sale's toast may still be on screen): the form is cleared by then.
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: /Venta registrada/ })).toContainText(
    sale.client?.name ?? 'Público en general',
  );
}

test.describe('the cash drawer (caja)', () => {
  test.skip(({ isMobile }) => isMobile, 'admin screens are tested on desktop (and at 375 px within)');

  test('a receptionist opens with a float, sells to the public and to a client, closes $20 short and prints the Z report', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    const staff = await playwright.request.newContext({ baseURL });
    expect((await staff.post('/api/auth/login', { data: demo.superadmin })).status()).toBe(200);
    const branch = `Caja ${uniqueTag()}`;
    await createBranch(staff, branch, { zone: 'Ciudad de México', rooms: 1 });
    const client = await createClient(playwright, baseURL!, 0);

    await loginAs(page, 'admin');
    await page.goto('/admin/punto-venta');
    await page.getByLabel('Sucursal').selectOption({ label: branch });
    const panel = page.getByTestId('drawer-panel');
    await expect(panel).toContainText('La caja no está abierta hoy');
    await panel.getByLabel('Fondo inicial (pesos)').fill('500');
    await panel.getByRole('button', { name: 'Abrir caja' }).click();
    await expect(toast(page, drawerMessages.opened)).toBeVisible();
    await expect(panel).toContainText('fondo $500');

    // A walk-in buys two waters in cash ($50 for $40); a product with credits is refused without a client.
    await page.getByRole('checkbox', { name: 'Vender al público en general (sin cliente)' }).check();
    await page.getByLabel('Producto', { exact: true }).selectOption({ label: 'Sesión en mostrador · $300' });
    await page.getByRole('button', { name: 'Agregar' }).click();
    await expect(page.getByText(posMessages.walkInCredits)).toBeVisible();
    await page.getByRole('checkbox', { name: 'Vender al público en general (sin cliente)' }).uncheck();
    await sell(page, { product: 'Agua embotellada · $20', quantity: '2', pay: 'Efectivo', amount: '50' });
    const done = page.getByRole('region', { name: /Venta registrada/ });
    await expect(done).toContainText('Público en general');
    await expect(page.getByTestId('completed-change')).toHaveText('$10');
    await expect(done.getByLabel('¿Le enviamos el ticket? (opcional)')).toBeVisible();

    // The client buys a counter session by card: a credit for them, nothing for the drawer.
    await page.getByLabel('Sucursal').selectOption({ label: branch });
    await sell(page, {
      client,
      product: 'Sesión en mostrador · $300',
      quantity: '1',
      pay: 'Tarjeta',
      amount: '300',
    });
    await page.getByLabel('Sucursal').selectOption({ label: branch });
    // $500 + $50 − $10
    await expect(panel.getByTestId('drawer-expected')).toHaveText('$540');

    // The count: $520 — $20 short, with its note.
    await panel.getByRole('button', { name: 'Cerrar caja' }).click();
    const closing = page.getByTestId('close-drawer');
    await closing.getByText('Escribir el total').click();
    await closing.getByLabel('Efectivo contado (pesos)').fill('520');
    await expect(closing.getByTestId('difference')).toHaveText('$20');
    await expect(closing).toContainText('Faltante');
    await closing.getByRole('button', { name: 'Cerrar caja' }).click();
    await expect(closing.getByRole('alert')).toHaveText(drawerMessages.noteRequired);
    await closing.getByLabel('Nota: ¿por qué no cuadra?').fill('Faltaron $20 de un cambio');
    await expectNoSeriousViolations(page);
    await keepPicture(page, `cerrar-caja-${testInfo.project.name}`);
    await closing.getByRole('button', { name: 'Cerrar caja' }).click();
    await expect(toast(page, drawerMessages.closedOk)).toBeVisible();

    // The Z report, ready to print.
    await expect(page).toHaveURL(/\/admin\/caja\/[0-9a-f-]+$/);
    const report = page.getByTestId('drawer-report');
    await expect(report).toContainText(branch);
    await expect(report.getByTestId('report-expected')).toHaveText('$540');
    await expect(report.getByTestId('report-counted')).toHaveText('$520');
    await expect(report.getByTestId('report-difference')).toHaveText('$20');
    await expect(report).toContainText('Faltante');
    await expect(report).toContainText('Tarjeta (terminal)');
    await expect(report).toContainText('$300');
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await keepPicture(page, `reporte-z-${testInfo.project.name}`);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.reload();
    await expect(report.getByTestId('report-difference')).toHaveText('$20');
    await expectNoHorizontalScroll(page);
    await keepPicture(page, 'reporte-z-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    // A closed drawer takes no more sales today.
    await page.goto('/admin/punto-venta');
    await page.getByLabel('Sucursal').selectOption({ label: branch });
    await expect(panel).toContainText('No recibe más ventas hoy');

    // The super admin sees the difference in the corte, and the client's account shows the credit it bought.
    await loginAs(page, 'superadmin');
    const boss = page;
    await boss.goto('/admin/corte');
    await boss.getByLabel('Sucursal').selectOption({ label: branch });
    // Once the branch's corte has loaded, its drawer is the only one listed.
    const drawerRow = boss.getByTestId('corte-drawer');
    await expect(drawerRow).toHaveCount(1);
    await expect(drawerRow).toContainText(branch);
    await expect(drawerRow).toContainText('Faltante $20');
    await expect(drawerRow).toContainText('Faltaron $20 de un cambio');
    await expect(boss.getByTestId('corte-card')).toContainText('$300');
    await expectNoSeriousViolations(boss);
    await keepPicture(boss, `corte-cajas-${testInfo.project.name}`);

    await boss.goto(`/admin/usuarios/${client.id}`);
    const ledger = boss.getByRole('table', { name: 'Movimientos de créditos' });
    await expect(ledger.getByRole('row').filter({ hasText: 'Compra en recepción' })).toContainText('+1');
    await expect(boss.getByTestId('account-credits')).toHaveText('1 crédito');
    await expectNoSeriousViolations(boss);
    await keepPicture(boss, `cuenta-cliente-${testInfo.project.name}`);

    // The panels of /admin, the branch chosen: the day's two sales by method, and its occupancy.
    await boss.goto('/admin');
    await boss.getByLabel('Sucursal', { exact: true }).selectOption({ label: branch });
    await expect(boss).toHaveURL(/\?sucursal=/);
    const money = boss.getByTestId('panel-dinero');
    await expect(money.getByTestId('money-total')).toHaveText('$340');
    await expect(money.getByTestId('sales-cashCents')).toContainText('$40');
    await expect(money.getByTestId('sales-cardCents')).toContainText('$300');
    await expect(money.getByTestId('sales-onlineCents')).toContainText('$0');
    await expect(boss.getByTestId('occupancy-row')).toHaveCount(1);
    await expect(boss.getByTestId('occupancy-row')).toContainText(branch);
    await expect(boss.getByTestId('today-pending')).toBeVisible();
    await expectNoSeriousViolations(boss);
    await keepPicture(boss, `panel-${testInfo.project.name}`);

    // The report of the last 30 days of that branch, downloaded as CSV.
    await boss.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Reportes' }).click();
    // On the reports' own page first: the panel's branch selector (same label) would replace the way there.
    await expect(boss.getByRole('heading', { name: 'Reportes', level: 1 })).toBeVisible();
    await boss.getByLabel('Sucursal', { exact: true }).selectOption({ label: branch });
    await expect(boss.getByTestId('reporte-ventas').getByTestId('money-total')).toHaveText('$340');
    await expectNoSeriousViolations(boss);
    const download = boss.waitForEvent('download');
    await boss.getByRole('button', { name: 'Descargar CSV' }).click();
    const csv = await readFile(await (await download).path(), 'utf8');
    expect(csv).toContain(`Reporte,`);
    expect(csv).toContain(branch);
    expect(csv).toContain('\r\nTotal,40.00,300.00,0.00,0.00,340.00\r\n');
    await keepPicture(boss, `reportes-${testInfo.project.name}`);
    await boss.setViewportSize({ width: 375, height: 800 });
    await boss.goto('/admin');
    await expect(boss.getByTestId('money-total')).toBeVisible();
    await expectNoHorizontalScroll(boss);
    await keepPicture(boss, 'panel-375');
    await staff.dispose();
  });
});
