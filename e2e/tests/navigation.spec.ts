import { expect, test } from '@playwright/test';
import { formatPhone } from '@sala/shared/common/phone';
import { PRERENDERED_PAGES } from '@sala/shared/web/pages';
import { BUSINESS_CONTACT } from '../business-contact';
import { loginAs } from './fixtures';
import { expectNoHorizontalScroll, holdRequests, hydrated } from './page-checks';

const labels = ['Inicio', 'Nosotros', 'Equipo', 'Reserva', 'Cowork', 'Contacto'];

test.describe('desktop navigation', () => {
  test.skip(({ isMobile }) => isMobile, 'desktop only');

  test('shows the spec menu, the cart count and INGRESAR for a visitor', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Principal' });
    for (const label of labels)
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Sala Común, inicio' })).toBeVisible();
    await expect(nav.getByTestId('cart-count')).toHaveText('0');
    await expect(nav.getByTestId('nav-credits')).toHaveCount(0);
    await nav.getByRole('link', { name: 'INGRESAR' }).click();
    await expect(page).toHaveURL('/registro/iniciar-sesion');
  });

  test('turns solid once scrolled past 10% of the window height', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-solid', 'false');
    const threshold = await page.evaluate(() => window.innerHeight * 0.1);
    await page.evaluate((y) => window.scrollTo(0, y - 20), threshold);
    await expect(header).toHaveAttribute('data-solid', 'false');
    await page.evaluate((y) => window.scrollTo(0, y + 20), threshold);
    await expect(header).toHaveAttribute('data-solid', 'true');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-solid', 'false');
  });

  test('navigates between public pages from the menu', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Principal' });
    await nav.getByRole('link', { name: 'Nosotros' }).click();
    await expect(page).toHaveURL('/nosotros');
    await nav.getByRole('link', { name: 'Equipo' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nuestro equipo');
    await nav.getByRole('link', { name: 'Contacto' }).click();
    await expect(page).toHaveURL('/#sucursales');
    await page
      .getByRole('banner')
      .getByRole('link', { name: /Carrito/ })
      .click();
    await expect(page).toHaveURL('/mi-carrito');
    await expect(page.getByText('Tu carrito está vacío')).toBeVisible();
  });

  test("the footer holds the public links, the business's phone and WhatsApp, two social links and the copyright", async ({
    page,
  }) => {
    await page.goto('/equipo');
    const footer = page.getByRole('contentinfo');
    for (const label of labels)
      await expect(footer.getByRole('link', { name: label, exact: true })).toBeVisible();
    // What the super admin saved in Datos legales (business-contact.ts), never a network's home page.
    await expect(footer.getByRole('link', { name: 'Teléfono: 55 1234 5678' })).toHaveAttribute(
      'href',
      'tel:+525512345678',
    );
    await expect(footer.getByRole('link', { name: 'WhatsApp: 55 8765 4321' })).toHaveAttribute(
      'href',
      'https://wa.me/525587654321',
    );
    await expect(footer.getByRole('link', { name: /Instagram/ })).toHaveAttribute(
      'href',
      BUSINESS_CONTACT.instagramUrl,
    );
    await expect(footer.getByRole('link', { name: /Facebook/ })).toHaveAttribute(
      'href',
      BUSINESS_CONTACT.facebookUrl,
    );
    await expect(footer).toContainText(
      `© ${new Date().getFullYear()} Sala Común. Todos los derechos reservados.`,
    );
  });
});

test("the footer arrives with the business's contact: nothing in it moves when its island hydrates", async ({
  page,
}) => {
  // The footer's code held back: what the page shows before it is the server's HTML alone.
  const footerCode = await holdRequests(page, /\/assets\/site-footer-[\w-]+\.js$/);
  await page.goto('/equipo');
  const footer = page.getByRole('contentinfo');
  const phone = footer.getByRole('link', { name: `Teléfono: ${formatPhone(BUSINESS_CONTACT.phone)}` });
  const terms = footer.getByRole('link', { name: 'Términos y condiciones' });
  await terms.scrollIntoViewIfNeeded();
  await expect(phone).toHaveAttribute('href', `tel:+52${BUSINESS_CONTACT.phone}`);
  await expect.poll(() => footerCode.wasAsked()).toBe(true);
  expect(await hydrated(page, 'site-footer')).toBe(false);
  const before = { phone: await phone.boundingBox(), terms: await terms.boundingBox() };
  // Every change React might make to the footer's DOM while it hydrates, counted.
  await footer.evaluate((element) => {
    const seen = { changes: 0 };
    Object.assign(window, { footerChanges: seen });
    new MutationObserver((records) => {
      seen.changes += records.length;
    }).observe(element, { subtree: true, childList: true, attributes: true, characterData: true });
  });

  footerCode.release();
  await expect.poll(() => hydrated(page, 'site-footer')).toBe(true);
  // React has reached the footer's own elements (the link is one of its nodes now), and the frames after its
  // commit have been drawn.
  await expect
    .poll(() => terms.evaluate((link) => Object.keys(link).some((key) => key.startsWith('__reactFiber'))))
    .toBe(true);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(await page.evaluate(() => Reflect.get(window, 'footerChanges').changes)).toBe(0);
  expect({ phone: await phone.boundingBox(), terms: await terms.boundingBox() }).toEqual(before);
});

test.describe('phone navigation', () => {
  test.skip(({ isMobile }) => !isMobile, 'phone only');

  test('hides the desktop menu and opens a full-screen side menu', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Nosotros' }),
    ).toBeHidden();
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const menu = page.getByRole('dialog', { name: 'Menú' });
    await expect(menu).toBeVisible();
    const box = await menu.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box?.width).toBe(viewport.width);
    expect(box?.height).toBe(viewport.height);
    for (const label of labels)
      await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'INGRESAR' })).toBeVisible();
    // How to reach the business, where a phone's visitor looks for it (issue 39).
    await expect(menu.getByRole('link', { name: 'Teléfono: 55 1234 5678' })).toHaveAttribute(
      'href',
      'tel:+525512345678',
    );
    await expect(menu.getByRole('link', { name: 'WhatsApp: 55 8765 4321' })).toBeVisible();
    await menu.getByRole('link', { name: 'Equipo' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL('/equipo');
  });

  test("a client's credits show in the header, as on a desktop, not only inside the menu", async ({
    page,
  }) => {
    await loginAs(page, 'client');
    await page.goto('/');
    const credits = page.getByRole('banner').getByTestId('nav-credits');
    await expect(credits).toBeVisible();
    await expect(credits).toHaveText(/^\d+ créditos?$/);
    // It fits beside the cart and the menu button, inside the window.
    const box = (await page.getByRole('button', { name: 'Abrir menú' }).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: test.info().outputPath('cabecera-creditos.png') });
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const call = page.getByRole('dialog', { name: 'Menú' }).getByRole('link', { name: /^Teléfono/ });
    await call.scrollIntoViewIfNeeded();
    await expect(call).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath('menu-lateral.png') });
  });

  test('closes the side menu with its close button', async ({ page }) => {
    await page.goto('/nosotros');
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('button', { name: 'Cerrar menú' }).click();
    await expect(page.getByRole('dialog', { name: 'Menú' })).toBeHidden();
  });

  test('has no horizontal scroll on any public page', async ({ page }) => {
    // Measured against the phone's 375 px: a wider page also widens window.innerWidth on a phone, so comparing the
    // two never failed (the landing once grew to 572 px with a branch named with one long word).
    for (const path of [...PRERENDERED_PAGES, '/comprar', '/mi-carrito', '/no-existe']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoHorizontalScroll(page);
    }
  });
});

test('a toast covers none of the navigation: it shows at the bottom centre', async ({ page }) => {
  await page.goto('/comprar');
  await page.getByRole('button', { name: 'Agregar al carrito (Paquete Profesional)' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Debes iniciar sesión' });
  await expect(toast).toBeVisible();
  const viewport = page.viewportSize()!;
  // The toast slides up from below the fold: measure it once it has come to rest inside the window.
  await expect
    .poll(async () => {
      const b = (await toast.boundingBox())!;
      return b.y + b.height;
    })
    .toBeLessThanOrEqual(viewport.height);
  const box = (await toast.boundingBox())!;
  const header = (await page.getByRole('banner').boundingBox())!;
  expect(box.y).toBeGreaterThan(header.y + header.height);
  expect(box.y).toBeGreaterThan(viewport.height / 2);
  expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(2);
});
