import { expect, type Locator, type Page, test } from '@playwright/test';
import { createBranch, demo, loginAs, uniqueTag } from './fixtures';
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

/**
 * Where each table's last column ends past what shows it: the window's right edge, or the edge of the box that
 * holds the table (a card clips or a scroll box hides what sticks out of it). Measured on every row, the header's
 * included; empty when every table fits.
 */
async function tablesPastTheEdge(page: Page) {
  return page.evaluate(() => {
    const past: string[] = [];
    for (const table of document.querySelectorAll<HTMLTableElement>('main table')) {
      const name = table.querySelector('caption')?.textContent?.trim() || '(sin nombre)';
      const limit = Math.min(window.innerWidth, table.parentElement!.getBoundingClientRect().right);
      for (const row of table.rows) {
        const last = row.cells[row.cells.length - 1];
        const right = last ? last.getBoundingClientRect().right : 0;
        if (right > limit + 0.5)
          past.push(`${name}: la última columna acaba en ${right} px, a la vista ${limit} px`);
      }
    }
    return past;
  });
}

/** A first page of data may take a while on a busy machine (the e2e shares two cores with the server). */
const DATA = { timeout: 20_000 };

/** The page's data is in: nothing says 'Cargando', no list is being fetched again. */
async function settled(page: Page) {
  await expect(page.getByText(/^Cargando/)).toHaveCount(0, DATA);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, DATA);
}

/** The staff's screens with tables, and the table each must show with rows of the demo's data. */
const staffTables: { path: string; rows?: string }[] = [
  { path: '/admin' },
  { path: '/admin/reportes' },
  { path: '/admin/usuarios', rows: 'Usuarios' },
  { path: '/admin/zonas', rows: 'Zonas' },
  { path: '/admin/consultorios', rows: 'Consultorios' },
  { path: '/admin/salas', rows: 'Salas' },
  { path: '/admin/productos', rows: 'Productos' },
  { path: '/admin/ordenes', rows: 'Ordenes' },
  { path: '/admin/gastos', rows: 'Gastos' },
  { path: '/admin/reservaciones' },
  { path: '/admin/historial-reservaciones' },
  { path: '/admin/bloquear-hora' },
  { path: '/admin/mensajes', rows: 'Correos' },
  { path: '/admin/auditoria', rows: 'Auditoría' },
  { path: '/admin/privacidad', rows: 'Solicitudes de privacidad' },
];

test.describe('every staff table at 1280 × 800 (issue 39)', () => {
  test.skip(({ isMobile }) => isMobile, 'desktop only');
  test.use({ viewport: { width: 1280, height: 800 } });

  test.beforeEach(async ({ page }) => {
    // A stored e-mail for Correos (the demo sends none on its own): the reset link of the demo client.
    await page.request.post('/api/auth/forgot-password', { data: { email: demo.client.email } });
    await loginAs(page, 'superadmin');
  });

  for (const { path, rows } of staffTables) {
    test(`${path}: each table's last column is on screen`, async ({ page }) => {
      await page.goto(path);
      if (rows) {
        const table = page.getByRole('table', { name: rows, exact: true });
        await expect(table.locator('tbody tr').first().locator('td').nth(1)).toBeVisible(DATA);
      }
      await settled(page);
      expect(await tablesPastTheEdge(page)).toEqual([]);
      await expectNoHorizontalScroll(page);
    });
  }

  test("Ordenes: the first order's cancel button and the Estado column are whole on screen", async ({
    page,
  }) => {
    await page.goto('/admin/ordenes');
    const table = page.getByRole('table', { name: 'Ordenes', exact: true });
    await expect(table.getByRole('button', { name: /^Cancelar orden de / }).first()).toBeInViewport({
      ratio: 1,
      ...DATA,
    });
    await expect(table.getByRole('columnheader', { name: 'Estado' })).toBeInViewport({ ratio: 1 });
    await expect(table.getByRole('columnheader', { name: 'Acciones' })).toBeInViewport({ ratio: 1 });
  });

  test('a zone and a branch named with one long word: Consultorios, Salas and Auditoría still fit', async ({
    page,
  }) => {
    // One long word breaks inside, only where its column ends (a CI run's zone, named like these, pushed the
    // branches table 21 px past its card; the log of this test's own changes did it to Auditoría). The room is made
    // and switched off: nothing public offers the zone.
    const tag = uniqueTag();
    const zone = `Zonametropolitana${tag}`;
    const branch = `Consultoriocentral${tag}`;
    expect((await page.request.post('/api/cities', { data: { name: zone } })).status()).toBe(201);
    const { id: branchId, cityId } = await createBranch(page.request, branch, { zone });
    const room = await page.request.post('/api/rooms', { data: { cityId, branchId, position: 1 } });
    expect(room.status(), await room.text()).toBe(201);
    const roomId = ((await room.json()) as { id: string }).id;
    expect(
      (await page.request.patch(`/api/rooms/${roomId}/active`, { data: { isActive: false } })).status(),
    ).toBe(200);
    // Auditoría as it opens: newest first, these changes among the other specs' (their rows set the widths too).
    for (const [path, caption, search] of [
      ['/admin/consultorios', 'Consultorios', true],
      ['/admin/salas', 'Salas', true],
      ['/admin/auditoria', 'Auditoría', false],
    ] as const) {
      await page.goto(path);
      const table = page.getByRole('table', { name: caption, exact: true });
      await expect(table.locator('tbody tr').first().locator('td').nth(1)).toBeVisible(DATA);
      if (search) await searchTable(page, tag);
      await expect(table.locator('tbody tr').filter({ hasText: tag }).first()).toBeVisible();
      await settled(page);
      expect(await tablesPastTheEdge(page)).toEqual([]);
      await expectNoHorizontalScroll(page);
    }
  });

  test('Bloquear sala: the room blocks table fits too', async ({ page }) => {
    await page.goto('/admin/bloquear-hora');
    await page.getByRole('tab', { name: 'Bloquear Sala' }).click();
    await expect(page.getByRole('tab', { name: 'Bloquear Sala' })).toHaveAttribute('aria-selected', 'true');
    await settled(page);
    expect(await tablesPastTheEdge(page)).toEqual([]);
  });

  test("a client's page (/admin/usuarios/:id): its tables fit", async ({ page }) => {
    const found = await page.request.get(`/api/users?q=${encodeURIComponent(demo.client.email)}`);
    const [client] = ((await found.json()) as { rows: { id: string }[] }).rows;
    await page.goto(`/admin/usuarios/${client!.id}`);
    await expect(page.getByRole('table').first()).toBeVisible(DATA);
    await settled(page);
    expect(await tablesPastTheEdge(page)).toEqual([]);
  });
});

test.describe('every staff screen at 375 × 812 (issue 39)', () => {
  test.skip(({ isMobile }) => isMobile, 'the desktop project sets its own narrow viewport');
  test.use({ viewport: { width: 375, height: 812 } });

  for (const { path, rows } of staffTables) {
    test(`${path}: cards instead of wide tables, and every table left fits`, async ({ page }) => {
      await page.request.post('/api/auth/forgot-password', { data: { email: demo.client.email } });
      await loginAs(page, 'superadmin');
      await page.goto(path);
      if (rows) {
        const cards = page.getByRole('list', { name: rows, exact: true }).getByRole('listitem');
        await expect(cards.first()).toBeVisible(DATA);
        await expect(page.getByRole('table', { name: rows, exact: true })).toHaveCount(0);
      }
      await settled(page);
      // The day grid of Reservaciones is the one table meant to slide sideways in its own frame, with a hint,
      // when a branch has more rooms than a phone shows (docs/decisions/025).
      const past = (await tablesPastTheEdge(page)).filter((line) => !line.startsWith('Salas de '));
      expect(past).toEqual([]);
      await expectNoHorizontalScroll(page);
    });
  }
});

/**
 * A branch may be named with one long word. Every answer that names a branch gets such a name here, whatever the
 * branches the demo and the specs beside this one hold, so the check is the same on every run.
 */
const LONG_NAME = 'ConsultoriosTlalnepantlaSatéliteNorteConsultorios';

async function longBranchNames(page: Page) {
  const rename = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rename);
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value).map(([key, v]) => [key, key === 'branchName' ? LONG_NAME : rename(v)]),
      );
    return value;
  };
  for (const pattern of ['**/api/reports?**', '**/api/dashboard/**']) {
    await page.route(pattern, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: rename(await response.json()) });
    });
  }
}

test.describe('a branch named with one long word, at 375 × 812', () => {
  test.skip(({ isMobile }) => isMobile, 'the desktop project sets its own narrow viewport');
  test.use({ viewport: { width: 375, height: 812 } });

  for (const path of ['/admin', '/admin/reportes']) {
    test(`${path}: the name breaks and every table still fits`, async ({ page }) => {
      await loginAs(page, 'superadmin');
      await longBranchNames(page);
      await page.goto(path);
      await expect(page.getByText(LONG_NAME).first()).toBeVisible(DATA);
      await settled(page);
      expect(await tablesPastTheEdge(page)).toEqual([]);
      await expectNoHorizontalScroll(page);
    });
  }
});
