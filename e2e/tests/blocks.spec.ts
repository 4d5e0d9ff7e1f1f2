import { expect, test } from '@playwright/test';
import { spokenDate, sundayAhead, weekdayAhead } from './dates';
import { createBranch, loginAs, uniqueTag } from './fixtures';
import { expectNoSeriousViolations, searchTable, toast } from './page-checks';

// Each test blocks in a branch of its own in Guadalajara: the demo's lived-in history books the coming days of the
// demo branches, and the specs beside it book and block too.
const ZONE = 'Guadalajara';

test.describe('Bloquear hora', () => {
  test.skip(({ isMobile }) => isMobile, 'admin screens are tested on desktop');

  test('a super admin blocks an hour of a day, meets the spec refusals, and removes the block', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const date = weekdayAhead(3);
    const hour = '19:00';
    await loginAs(page, 'superadmin');
    const BRANCH = `Bloqueos ${uniqueTag()}`;
    await createBranch(page.request, BRANCH, { zone: ZONE, rooms: 2 });
    await page.goto('/admin/bloquear-hora');
    await expect(page.getByRole('tab', { name: 'Bloquear Dia/Hora' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    const form = page.getByRole('region', { name: 'Nuevo bloqueo de día u hora' });
    const branchSelect = form.getByLabel('Sucursal', { exact: true });
    await expect(branchSelect).toBeDisabled();
    await form.getByLabel('Zona', { exact: true }).selectOption({ label: ZONE });
    await branchSelect.selectOption({ label: BRANCH });
    const branchId = await branchSelect.inputValue();
    await form.getByLabel('Fecha', { exact: true }).fill(date);
    await form.getByRole('radio', { name: 'Una hora' }).check();
    await form.getByLabel('Hora', { exact: true }).selectOption(hour);
    await expect(form.getByText('No hay sesiones reservadas en este periodo.')).toBeVisible();
    await form.getByRole('button', { name: 'Bloquear', exact: true }).click();
    await expect(toast(page, 'Sesion bloqueada con éxito')).toBeVisible();

    await searchTable(page, BRANCH);
    const table = page.getByRole('table', { name: 'Días y horas bloqueados' });
    const row = table
      .getByRole('row')
      .filter({ hasText: spokenDate(date) })
      .filter({ hasText: hour })
      .filter({ hasText: BRANCH });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(ZONE);
    await expect(page.getByText(/^Registros pasados: \d+$/)).toBeVisible();

    // The same hour again, then the whole day over it.
    await form.getByRole('button', { name: 'Bloquear', exact: true }).click();
    await expect(toast(page, 'Esta hora ya está bloqueada en este día y sucursal.')).toBeVisible();
    await form.getByRole('radio', { name: 'Día completo' }).check();
    await expect(form.getByLabel('Hora', { exact: true })).toHaveCount(0);
    await form.getByRole('button', { name: 'Bloquear', exact: true }).click();
    await expect(
      toast(page, 'Este día ya tiene horas bloqueadas, no se puede bloquear el día completo.'),
    ).toBeVisible();

    // Clients can no longer book that hour.
    const availability = await page.request.get(`/api/availability/hours?branchId=${branchId}&date=${date}`);
    expect(availability.status()).toBe(200);
    const { hours } = (await availability.json()) as { hours: { hour: string; state: string }[] };
    expect(hours.find((h) => h.hour === hour)?.state).toBe('blocked');

    // A Sunday is refused in the form, before anything is sent.
    await form.getByLabel('Fecha', { exact: true }).fill(sundayAhead());
    await expect(form.getByText('No se puede bloquear un día domingo.')).toBeVisible();
    await expect(form.getByLabel('Fecha', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    await row.getByRole('button', { name: /^Eliminar bloqueo/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar bloqueo' });
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(toast(page, 'Bloqueo removido con exito')).toBeVisible();
    await expect(row).toHaveCount(0);
    const after = await page.request.get(`/api/availability/hours?branchId=${branchId}&date=${date}`);
    const reopened = (await after.json()) as { hours: { hour: string; state: string }[] };
    expect(reopened.hours.find((h) => h.hour === hour)?.state).not.toBe('blocked');
  });

  test('a super admin blocks a room for an hour and a whole day, and cancels the blocks', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const date = weekdayAhead(4);
    const room = 'Sala 2';
    await loginAs(page, 'superadmin');
    const BRANCH = `Bloqueos ${uniqueTag()}`;
    await createBranch(page.request, BRANCH, { zone: ZONE, rooms: 2 });
    await page.goto('/admin/bloquear-hora');
    await page.getByRole('tab', { name: 'Bloquear Sala' }).click();
    await expect(page).toHaveURL(/tab=sala/);

    const form = page.getByRole('region', { name: 'Nuevo bloqueo de sala' });
    const roomSelect = form.getByLabel('Sala', { exact: true });
    await expect(roomSelect).toBeDisabled();
    await form.getByLabel('Zona', { exact: true }).selectOption({ label: ZONE });
    await form.getByLabel('Sucursal', { exact: true }).selectOption({ label: BRANCH });
    await roomSelect.selectOption({ label: room });
    await form.getByRole('radio', { name: 'Una hora' }).check();
    await form.getByLabel('Fecha', { exact: true }).fill(date);
    await form.getByLabel('Hora', { exact: true }).selectOption('18:00');
    await expect(form.getByText('No hay sesiones reservadas en este periodo.')).toBeVisible();
    const save = form.getByRole('button', { name: 'Bloquear sala' });
    await save.click();
    await expect(toast(page, 'Sesion bloqueada con éxito')).toBeVisible();
    await save.click();
    await expect(toast(page, 'La sala ya está bloqueada en este horario.')).toBeVisible();

    // The whole day adds the other twelve hours; asking again finds nothing left to block.
    await form.getByRole('radio', { name: 'Día completo' }).check();
    await save.click();
    await expect(toast(page, 'Sesion bloqueada con éxito (12 horas)')).toBeVisible();
    await save.click();
    await expect(toast(page, 'Todas las horas ya están bloqueadas.')).toBeVisible();

    await page.getByLabel('Filas por página').selectOption('50');
    await searchTable(page, BRANCH);
    const rows = page
      .getByRole('table', { name: 'Salas bloqueadas' })
      .getByRole('row')
      .filter({ hasText: spokenDate(date) })
      .filter({ hasText: room });
    // The whole day is one row, 08:00 to the end of the 20:00 session; its thirteen hours open from it.
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('08:00 a 21:00');
    await rows.getByRole('button', { name: 'Ver las 13 horas' }).click();
    await expect(rows.getByRole('listitem')).toHaveCount(13);

    // One hour through the 'Cancelar Bloqueo' modal…
    await rows.getByRole('button', { name: /^Cancelar bloqueo: .*, 18:00$/ }).click();
    const cancelOne = page.getByRole('dialog', { name: 'Cancelar Bloqueo' });
    await cancelOne.getByRole('button', { name: 'Cancelar bloqueo' }).click();
    await expect(toast(page, 'Bloqueo removido con exito')).toBeVisible();
    await expect(rows).toContainText('08:00 a 18:00, 19:00 a 21:00');
    await expect(rows.getByRole('listitem')).toHaveCount(12);

    // …then the rest of that room's day at once.
    await rows.getByRole('button', { name: /^Cancelar todo el día:/ }).click();
    const cancelDay = page.getByRole('dialog', { name: 'Cancelar todo el día' });
    await cancelDay.getByRole('button', { name: 'Cancelar todo el día' }).click();
    await expect(cancelDay).toHaveCount(0);
    await expect(rows).toHaveCount(0);
  });

  test('both tabs have no serious or critical axe violations, with a refusal on screen', async ({ page }) => {
    await loginAs(page, 'superadmin');
    await page.goto('/admin/bloquear-hora');
    const day = page.getByRole('region', { name: 'Nuevo bloqueo de día u hora' });
    await day.getByRole('button', { name: 'Bloquear', exact: true }).click();
    // Zone and branch: the date starts at today.
    await expect(day.getByText('Verifica los campos obligatorios')).toHaveCount(2);
    await expectNoSeriousViolations(page);

    await page.getByRole('tab', { name: 'Bloquear Sala' }).click();
    const room = page.getByRole('region', { name: 'Nuevo bloqueo de sala' });
    await room.getByLabel('Zona', { exact: true }).selectOption({ label: ZONE });
    await room.getByRole('radio', { name: 'Una hora' }).check();
    await room.getByLabel('Fecha', { exact: true }).fill(sundayAhead());
    await room.getByRole('button', { name: 'Bloquear sala' }).click();
    await expect(room.getByText('Valida los campos obligatorios.').first()).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('an admin is sent back to /admin from the super-admin screens', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/admin/bloquear-hora');
    await expect(page).toHaveURL('/admin');
    await page.goto('/admin/salas');
    await expect(page).toHaveURL('/admin');
    const write = await page.request.post('/api/blocks/days', { data: {} });
    expect(write.status()).toBe(403);
    // The screen's reads too: the blocks and the clients a block would affect are the super admin's (issue 18).
    expect((await page.request.get('/api/blocks/days')).status()).toBe(403);
  });
});
