import { type CDPSession, expect, type Page, test } from '@playwright/test';
import { loginAs } from './fixtures';
import { holdRequests, hydrated } from './page-checks';

// Issue 25, decisions 012 and 016: on a phone's slower CPU (Lighthouse's mobile throttling: scripts run 4× slower),
// the first tap made while a public page is still loading does what it says.
// - What the prerendered page already shows (the phone menu's button, the carousel's arrows) is tapped while the
//   island's code is held back, so the tap certainly comes before it is hydrated: the island replays it.
// - The same, with the islands' entry itself held back: the page's own inline script holds the tap until the entry
//   arrives and takes it over (@sala/shared/web/early-taps).
// - What only exists once its data arrive (the packages' "Agregar al carrito", the wizard's zones: the page is
//   built without the database) is tapped the moment it appears, while the page is still loading; those buttons
//   are rendered by the hydrated island, so the first tap they can receive already has its handler.

async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

/** Content-Security-Policy violations the page reports (an inline script refused would be one). */
function cspViolations(page: Page) {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) seen.push(message.text());
  });
  return seen;
}

/** Holds an island's chunk (its file name starts with `chunk`) until release(); says when it was asked for. */
const holdChunk = (page: Page, chunk: string) =>
  holdRequests(page, new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`));

test.describe('a first tap during load', () => {
  test.afterEach(async ({ page }) => {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('opens the phone menu', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'the menu button is for phones');
    await throttle(page);
    const header = await holdChunk(page, 'site-header');
    await page.goto('/', { waitUntil: 'commit' });
    const button = page.getByRole('button', { name: 'Abrir menú' });
    await button.click();
    expect(await hydrated(page, 'site-header')).toBe(false);
    header.release();
    // At 4× CPU on a busy CI machine, hydrating the header and replaying the tap took over the default 7 s once.
    await expect(page.getByRole('dialog', { name: 'Menú' })).toBeVisible({ timeout: 20_000 });
  });

  test('moves the carousel', async ({ page }) => {
    await throttle(page);
    const carousel = await holdChunk(page, 'room-carousel');
    await page.goto('/nosotros', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Imagen siguiente' }).click();
    expect(await hydrated(page, 'rooms-carousel')).toBe(false);
    carousel.release();
    const dots = page.getByRole('button', { name: /Ir a la imagen/ });
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
  });

  test('adds a package to the cart', async ({ page }) => {
    await loginAs(page, 'client');
    await throttle(page);
    await page.goto('/', { waitUntil: 'commit' });
    // The packages come with the catalogue: the first tap is made the moment its button is there.
    await page.getByRole('button', { name: 'Agregar al carrito (Paquete Básico)' }).click();
    await expect(page.getByText('Paquete agregado al carrito')).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText(/^[1-9]/);
  });

  test("chooses the wizard's zone", async ({ page }) => {
    await throttle(page);
    await page.goto('/reserva', { waitUntil: 'commit' });
    const zone = page.getByRole('radiogroup', { name: 'Zona', exact: true }).getByRole('radio').first();
    await zone.click();
    await expect(zone).toBeChecked();
    await expect(page).toHaveURL(/[?&]zona=/);
  });

  test("opens the phone menu tapped before the islands' entry has arrived", async ({ page, isMobile }) => {
    test.skip(!isMobile, 'the menu button is for phones');
    const violations = cspViolations(page);
    await throttle(page);
    const entry = await holdChunk(page, 'islands');
    await page.goto('/', { waitUntil: 'commit' });
    const button = page.getByRole('button', { name: 'Abrir menú' });
    await button.click();
    // The entry has been asked for and is held: no script of the site has run, the stylesheet is not linked.
    await expect.poll(entry.wasAsked).toBe(true);
    await expect(page.locator('head link[rel="stylesheet"]')).toHaveCount(0);
    expect(await hydrated(page, 'site-header')).toBe(false);
    entry.release();
    await expect(page.getByRole('dialog', { name: 'Menú' })).toBeVisible({ timeout: 20_000 });
    expect(violations).toEqual([]);
  });

  test("moves the carousel tapped before the islands' entry has arrived", async ({ page }) => {
    await throttle(page);
    const entry = await holdChunk(page, 'islands');
    await page.goto('/nosotros', { waitUntil: 'commit' });
    const next = page.getByRole('button', { name: 'Imagen siguiente' });
    await next.click();
    await next.click();
    await expect.poll(entry.wasAsked).toBe(true);
    expect(await hydrated(page, 'rooms-carousel')).toBe(false);
    entry.release();
    // Both taps, in order: the third image.
    const dots = page.getByRole('button', { name: /Ir a la imagen/ });
    await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true', { timeout: 20_000 });
  });

  test('a tap on a link still works natively before anything is hydrated', async ({ page }) => {
    await throttle(page);
    const header = await holdChunk(page, 'site-header');
    await page.goto('/equipo', { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'Sala Común, inicio' }).click();
    await expect(page).toHaveURL('/');
    expect(header.wasAsked()).toBe(true);
    header.release();
  });
});
