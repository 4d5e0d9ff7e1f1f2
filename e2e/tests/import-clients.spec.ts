import { expect, type Page, test } from '@playwright/test';
import { importMessages as m } from '@sala/shared/imports/imports.messages';
import { loginAs, uniqueTag } from './fixtures';
import {
  expectNoHorizontalScroll,
  expectNoSeriousViolations,
  keepPicture,
  searchTable,
  toast,
} from './page-checks';

/**
 * A sheet as Excel's "CSV UTF-8" writes it where the decimal mark is a comma: a byte order mark, semicolons, CRLF,
 * and headers with accents and capitals. Two good clients (lines 2 and 3) and a phone too short (line 4). The
 * e-mails carry the test's tag: unique in the run, and in any run that shares the database.
 */
function sheet(tag: string) {
  const client = { name: `Paciente Importada ${tag}`, email: `importada-${tag}@example.test` };
  const rows = [
    'Nombre;Correo;Teléfono;Créditos;Activo',
    `${client.name};${client.email};55 1234 5678;7;sí`,
    `Otro Paciente ${tag};otro-${tag}@example.test;222-123-4567;0;no`,
    `Sin Teléfono ${tag};sin-telefono-${tag}@example.test;123;2;sí`,
  ];
  return { client, file: Buffer.from(`\uFEFF${rows.join('\r\n')}\r\n`, 'utf8') };
}

async function upload(page: Page, file: Buffer) {
  await page
    .getByLabel('Hoja de clientes (CSV)')
    .setInputFiles({ name: 'clientes.csv', mimeType: 'text/csv', buffer: file });
  await expect(page.getByRole('heading', { name: 'Vista previa: aún no se guarda nada' })).toBeVisible();
}

test.describe('Administración → Importar clientes (issue 41)', () => {
  test.skip(({ isMobile }) => isMobile, 'admin screens are tested on desktop');

  test('the super admin previews a sheet, confirms it, and finds the client in Usuarios', async ({
    page,
  }) => {
    const { client, file } = sheet(uniqueTag());
    await loginAs(page, 'superadmin');
    await page.goto('/admin');
    const entry = page
      .getByRole('navigation', { name: 'Secciones' })
      .getByRole('list', { name: 'Administración', exact: true })
      .getByRole('link', { name: 'Importar clientes' });
    // In the middle of the menu's scroll box, clear of its 'Más abajo' fade.
    await entry.evaluate((link) => link.scrollIntoView({ block: 'center' }));
    await entry.click();
    await expect(page).toHaveURL('/admin/importar-clientes');
    await expect(page.getByRole('heading', { name: 'Importar clientes', level: 1 })).toBeVisible();

    await upload(page, file);
    const preview = page.getByTestId('import-preview');
    await expect(preview.getByTestId('count-imported')).toHaveText('2');
    await expect(preview.getByTestId('count-updated')).toHaveText('0');
    await expect(preview.getByTestId('count-unchanged')).toHaveText('0');
    await expect(preview.getByTestId('count-skipped')).toHaveText('1');
    const row = preview
      .getByRole('table', { name: 'Clientes de la hoja' })
      .getByRole('row')
      .filter({ hasText: client.email });
    await expect(row.getByRole('cell')).toHaveText([
      '2',
      client.name,
      client.email,
      '55 1234 5678',
      '7',
      'Activo',
      'Nuevo',
    ]);
    const error = preview.getByRole('table', { name: 'Filas con error' }).getByRole('row').nth(1);
    await expect(error.getByRole('cell')).toHaveText(['4', /^sin-telefono-/, m.csvPhone]);
    await keepPicture(page, 'importar-clientes-vista-previa');
    await expectNoSeriousViolations(page);

    await preview.getByRole('button', { name: 'Confirmar importación' }).click();
    await expect(toast(page, m.done(2, 0))).toBeVisible();
    const done = page.getByTestId('import-done');
    await expect(done.getByRole('heading', { name: 'Importación guardada' })).toBeVisible();
    await expect(done.getByTestId('count-imported')).toHaveText('2');
    await expect(done.getByTestId('count-skipped')).toHaveText('1');
    await expect(preview).toHaveCount(0);
    await keepPicture(page, 'importar-clientes-guardada');

    await done.getByRole('link', { name: 'Ver Usuarios' }).click();
    await expect(page).toHaveURL('/admin/usuarios');
    await searchTable(page, client.email);
    const user = page
      .getByRole('table', { name: 'Usuarios' })
      .getByRole('row')
      .filter({ hasText: client.email });
    await expect(user).toContainText(client.name);
    // Nombre, Correo, Teléfono, Rol, Créditos…
    await expect(user.getByRole('cell').nth(4)).toHaveText('7');
  });
});

test.describe('Importar clientes at 375 px', () => {
  test.skip(({ isMobile }) => isMobile, 'the desktop project sets its own narrow viewport');
  test.use({ viewport: { width: 375, height: 812 } });

  test('the preview is cards, and the page does not scroll sideways', async ({ page }) => {
    await loginAs(page, 'superadmin');
    await page.goto('/admin/importar-clientes');
    await upload(page, sheet(uniqueTag()).file);
    const cards = page.getByRole('list', { name: 'Clientes de la hoja' }).getByRole('listitem');
    await expect(cards).toHaveCount(2);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Filas con error' }).getByRole('listitem')).toContainText(
      m.csvPhone,
    );
    await expect(page.getByRole('button', { name: 'Confirmar importación' })).toBeEnabled();
    await keepPicture(page, 'importar-clientes-vista-previa-375');
    await expectNoHorizontalScroll(page);
  });
});
