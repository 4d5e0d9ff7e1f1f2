import { expect, test } from '@playwright/test';
import { loginAs } from './fixtures';
import { expectNoSeriousViolations, searchTable } from './page-checks';

test.describe('/admin/auditoria', () => {
  test.skip(({ isMobile }) => isMobile, 'admin screens are tested on desktop');

  test('a super admin finds who renamed a zone, with the name before and after', async ({ page }) => {
    await loginAs(page, 'superadmin');
    const suffix = `${Date.now().toString(36)}${test.info().workerIndex}`;
    const created = await page.request.post('/api/cities', { data: { name: `Zona Auditoria ${suffix}` } });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const renamed = await page.request.patch(`/api/cities/${id}`, {
      data: { name: `Zona Revisada ${suffix}` },
    });
    expect(renamed.status()).toBe(200);

    await page.goto('/admin/auditoria');
    await expect(page.getByRole('heading', { name: 'Auditoría', level: 1 })).toBeVisible();
    await searchTable(page, suffix);
    const edit = page.getByRole('row').filter({ hasText: 'Zona editada' });
    await expect(edit).toBeVisible();
    await expect(edit.getByTestId('audit-changes')).toHaveText(
      `Nombre: Zona Auditoria ${suffix} → Zona Revisada ${suffix}`,
    );
    await expect(edit).toContainText('Sofía Ramírez');
    await expect(page.getByRole('row').filter({ hasText: 'Zona creada' })).toBeVisible();

    await page.getByLabel('Acción').selectOption({ label: 'Zona creada' });
    await expect(edit).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: 'Zona creada' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
