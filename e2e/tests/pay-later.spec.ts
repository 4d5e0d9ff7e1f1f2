import { type Browser, expect, type Page, test } from '@playwright/test';
import { readCode128 } from '../../apps/api/test/barcode-reader';
import { createClient, demo, latestEmailTo } from './fixtures';
import { expectNoSeriousViolations, toast } from './page-checks';

/**
 * Issue 24 with the test gateway: a client pays a package with an OXXO voucher or a SPEI transfer, sees how to pay
 * on /resumen and in Mis pedidos, gets it by e-mail, and has no credits until the super admin's 'Simular pago' (the
 * confirmation a webhook would bring) completes the order, once.
 */
const simulated = 'Pago simulado: la orden se completó.';

async function logIn(page: Page, who: { email: string; password: string }) {
  const res = await page.request.post('/api/auth/login', {
    data: { email: who.email, password: who.password },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function credits(page: Page) {
  const res = await page.request.get('/api/auth/session');
  return ((await res.json()) as { user: { credits: number } }).user.credits;
}

/** From the store to step 2 of /pago with one Paquete Básico ($1,250, 5 credits) in the cart. */
async function toPaymentStep(page: Page) {
  await page.goto('/comprar');
  await page.getByRole('button', { name: 'Agregar al carrito (Paquete Básico)' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.goto('/mi-carrito');
  await page.getByRole('link', { name: 'Continuar al pago' }).click();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Forma de pago', level: 2 })).toBeVisible();
}

/** The super admin, in a browser of its own, finds the pending order in Ordenes and simulates its payment. */
async function simulatePayment(browser: Browser, baseURL: string, clientName: string, viewport: Page) {
  const context = await browser.newContext({
    baseURL,
    viewport: viewport.viewportSize() ?? undefined,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  try {
    await logIn(page, demo.superadmin);
    await page.goto('/admin/ordenes');
    await page.getByRole('combobox', { name: 'Estado' }).selectOption({ label: 'Pendientes de pago' });
    await page.getByRole('link', { name: `Ver ticket de la orden de ${clientName}` }).click();
    await expect(page.getByTestId('ticket-status')).toHaveText('Pendiente de pago');
    await page.getByRole('button', { name: 'Simular pago' }).click();
    await expect(toast(page, simulated).first()).toBeVisible();
    await expect(page.getByTestId('ticket-status')).toHaveText('Completada');
    // Once done, there is nothing left to simulate.
    await expect(page.getByRole('button', { name: 'Simular pago' })).toHaveCount(0);
  } finally {
    await context.close();
  }
}

test.describe('paying later: OXXO and SPEI (test gateway)', () => {
  test('a client pays with an OXXO voucher; credits come once, when the payment is confirmed', async ({
    page,
    playwright,
    baseURL,
    browser,
    isMobile,
  }, testInfo) => {
    test.setTimeout(90_000);
    const client = await createClient(playwright, baseURL!, 0);
    await logIn(page, client);
    await toPaymentStep(page);

    // The choice goes through the address (?metodo=): checked once the page has followed it, not at the click.
    const oxxo = page.getByRole('radio', { name: 'Efectivo en OXXO' });
    await oxxo.click();
    await expect(oxxo).toBeChecked();
    await expect(page.getByRole('heading', { name: 'Pago en efectivo en OXXO' })).toBeVisible();
    if (!isMobile) await expectNoSeriousViolations(page, { wcag22: true });
    await page.getByRole('button', { name: 'Generar ficha de pago OXXO' }).click();

    // /resumen: the voucher, pending, and no credits yet.
    await expect(page).toHaveURL('/resumen');
    await expect(page.getByRole('heading', { name: 'Ficha de pago OXXO' })).toBeVisible();
    await expect(page.getByText('Pendiente de pago').first()).toBeVisible();
    const number = (await page.getByTestId('voucher-number').textContent())!;
    expect(number).toMatch(/^9300\d{14}$/);
    await expect(page.getByTestId('instructions-amount').first()).toContainText('$1,250');
    // Decision 023: the reference as a Code 128 barcode a cashier's scanner reads, on screen and on paper.
    const barcode = page.getByRole('img', { name: `Código de barras de la referencia ${number}` });
    await expect(barcode).toBeVisible();
    expect(await readCode128(await barcode.screenshot())).toBe(number);
    await page.emulateMedia({ media: 'print' });
    await expect(barcode).toBeVisible();
    expect(await readCode128(await barcode.screenshot())).toBe(number);
    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByTestId('cart-count')).toHaveText('0');
    if (!isMobile) await expectNoSeriousViolations(page, { afterToasts: true, wcag22: true });
    await page.screenshot({ path: testInfo.outputPath('resumen-oxxo.png'), fullPage: true });
    expect(await credits(page)).toBe(0);

    // The same voucher by e-mail.
    const staff = await playwright.request.newContext({ baseURL });
    try {
      const mail = await latestEmailTo(staff, client.email);
      expect(mail.subject).toBe('Tu ficha de pago OXXO · Sala Común');
      expect(mail.text).toContain(number);
    } finally {
      await staff.dispose();
    }

    // Mis pedidos: pending, with its voucher a click away.
    await page.goto('/perfil/mis-pedidos');
    const orders = page.getByRole('region', { name: 'Mis pedidos' });
    await expect(orders.getByText('Pendiente de pago', { exact: true })).toBeVisible();
    await orders.getByRole('button', { name: /^Ver datos de pago del pedido/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('voucher-number')).toHaveText(number);
    expect(await readCode128(await dialog.getByTestId('voucher-barcode').screenshot())).toBe(number);
    await page.keyboard.press('Escape');

    await simulatePayment(browser, baseURL!, client.name, page);

    // The client's credits rose once, and the order reads completed.
    expect(await credits(page)).toBe(5);
    await page.reload();
    await expect(orders.getByText('Completada', { exact: true })).toBeVisible();
    await expect(orders.getByText('Pendiente de pago', { exact: true })).toHaveCount(0);
    expect(await credits(page)).toBe(5);
  });

  test('a client pays by SPEI transfer: a CLABE to transfer to; credits once confirmed', async ({
    page,
    playwright,
    baseURL,
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const client = await createClient(playwright, baseURL!, 0);
    await logIn(page, client);
    await toPaymentStep(page);

    const spei = page.getByRole('radio', { name: 'Transferencia SPEI' });
    await spei.click();
    await expect(spei).toBeChecked();
    await page.getByRole('button', { name: 'Obtener datos para transferir' }).click();

    await expect(page).toHaveURL('/resumen');
    await expect(page.getByRole('heading', { name: 'Datos para tu transferencia SPEI' })).toBeVisible();
    const clabe = (await page.getByTestId('spei-clabe').textContent())!;
    expect(clabe).toMatch(/^646180\d{12}$/);
    await expect(page.getByTestId('spei-reference')).toHaveText(/^\d{7}$/);
    await page.screenshot({ path: testInfo.outputPath('resumen-spei.png'), fullPage: true });
    expect(await credits(page)).toBe(0);

    await page.goto('/perfil/mis-pedidos');
    const orders = page.getByRole('region', { name: 'Mis pedidos' });
    await expect(orders.getByText('Pendiente de pago', { exact: true })).toBeVisible();
    await expect(orders.getByText('SPEI', { exact: true })).toBeVisible();

    await simulatePayment(browser, baseURL!, client.name, page);

    expect(await credits(page)).toBe(5);
    await page.reload();
    await expect(orders.getByText('Completada', { exact: true })).toBeVisible();
  });
});
