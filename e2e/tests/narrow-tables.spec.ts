import { expect, type Locator, test } from '@playwright/test';
import { loginAs } from './fixtures';
import { expectNoHorizontalScroll, expectNoSeriousViolations, searchTable } from './page-checks';

/** Scrolls the window (and only the window, not an inner scroll box) so the element is near the top. */
async function scrollWindowTo(target: Locator) {
  await target.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 120));
}

/** '$1,250' → 1250 */
const pesos = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

// The phone project skips the admin screens; these run in the desktop browser with a phone-sized window.
test.describe('admin tables on a 375 px screen', () => {
  test.skip(({ isMobile }) => isMobile, 'the desktop project sets its own narrow viewport');
  test.use({ viewport: { width: 375, height: 740 } });

  test('users are cards with their edit button on screen', async ({ page }) => {
    await loginAs(page, 'superadmin');
    await page.goto('/admin/usuarios');
    const list = page.getByRole('list', { name: 'Usuarios' });
    await expect(list.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);

    await searchTable(page, 'cliente@example.com');
    const card = list.getByRole('listitem').filter({ hasText: 'cliente@example.com' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(card.getByRole('definition')).toContainText(['Valeria Torres', 'cliente@example.com']);
    const edit = card.getByRole('button', { name: 'Editar Valeria Torres' });
    await scrollWindowTo(card);
    await expect(edit).toBeInViewport({ ratio: 1 });
    await expect(card.getByRole('link', { name: 'Ver perfil de Valeria Torres' })).toBeInViewport({
      ratio: 1,
    });
    const box = (await edit.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(24);
    expect(box.height).toBeGreaterThanOrEqual(24);
    await expectNoHorizontalScroll(page);

    await edit.click();
    await expect(page.getByRole('dialog', { name: 'Editar usuario' })).toBeVisible();
  });

  test('products are cards with their edit button on screen, sorted from the picker', async ({ page }) => {
    await loginAs(page, 'superadmin');
    await page.goto('/admin/productos');
    const cards = page.getByRole('list', { name: 'Productos' }).getByRole('listitem');
    const first = cards.first();
    await expect(first).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await scrollWindowTo(first);
    await expect(first.getByRole('button', { name: /^Editar / })).toBeInViewport({ ratio: 1 });
    await expectNoHorizontalScroll(page);

    // No header row to click: the 'Ordenar por' picker and the direction button sort instead.
    const prices = () => cards.locator('dt:text-is("Precio") + dd').allTextContents();
    await page.getByLabel('Ordenar por').selectOption({ label: 'Precio' });
    await expect
      .poll(async () => {
        const list = (await prices()).map(pesos);
        return list.length > 1 && list.every((p, i) => i === 0 || list[i - 1]! <= p);
      })
      .toBe(true);
    await page.getByRole('button', { name: 'Orden ascendente' }).click();
    await expect(page.getByRole('button', { name: 'Orden descendente' })).toBeVisible();
    await expect
      .poll(async () => {
        const list = (await prices()).map(pesos);
        return list.length > 1 && list.every((p, i) => i === 0 || list[i - 1]! >= p);
      })
      .toBe(true);
  });

  for (const path of ['/admin/usuarios', '/admin/productos']) {
    test(`${path} cards have no serious or critical axe violations`, async ({ page }) => {
      await loginAs(page, 'superadmin');
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  }
});

test.describe('products table at 1280 px', () => {
  test.skip(({ isMobile }) => isMobile, 'desktop only');
  test.use({ viewport: { width: 1280, height: 800 } });

  test('fits its card: the first row’s edit button is on screen without scrolling', async ({ page }) => {
    await loginAs(page, 'superadmin');
    await page.goto('/admin/productos');
    const table = page.getByRole('table', { name: 'Productos' });
    const firstRow = table.getByRole('row').nth(1);
    await expect(firstRow).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Acciones' })).toBeInViewport({ ratio: 1 });
    await expect(firstRow.getByRole('button', { name: /^Editar / })).toBeInViewport({ ratio: 1 });
    const overflow = await table.evaluate(
      (el) => el.parentElement!.scrollWidth - el.parentElement!.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoHorizontalScroll(page);
  });
});
