import { expect, test } from '@playwright/test';
import { spokenDate, weekdayAhead } from './dates';
import { createBranch, createClient, demo, loginAs, uniqueTag } from './fixtures';
import { choose, group } from './wizard';

test.describe('live availability (design §10)', () => {
  test('one client books a room; the other sees it taken and the super admin sees the cell filled, without a reload', async ({
    page,
    browser,
    playwright,
    baseURL,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'Three browsers at once: once is enough.');
    // A branch of its own, two weekdays ahead at 11:00, two rooms.
    const staff = await playwright.request.newContext({ baseURL });
    expect((await staff.post('/api/auth/login', { data: demo.superadmin })).status()).toBe(200);
    const name = `En vivo ${uniqueTag()}`;
    const branch = await createBranch(staff, name, { zone: 'Guadalajara', rooms: 2 });
    await staff.dispose();
    const date = weekdayAhead(2);
    const hour = '11:00';
    const [first, second] = [
      await createClient(playwright, baseURL!, 3),
      await createClient(playwright, baseURL!, 3),
    ];

    // The super admin's Reservaciones of that day and branch, open before anything happens.
    const adminContext = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
    const admin = await adminContext.newPage();
    await loginAs(admin, 'superadmin');
    await admin.goto(`/admin/reservaciones?fecha=${date}&sucursal=${branch.id}`);
    const grid = admin.getByRole('table', { name: `Salas de ${name} por hora` });
    await expect(grid.getByTitle(`Sala 1 · ${hour} · Libre`)).toBeVisible();

    // Two clients at the same summary: Sala 1 at 11:00.
    const otherContext = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
    const other = await otherContext.newPage();
    for (const [who, tab] of [
      [first, page],
      [second, other],
    ] as const) {
      const login = await tab.request.post('/api/auth/login', {
        data: { email: who.email, password: who.password },
      });
      expect(login.status()).toBe(200);
      await tab.goto('/reserva');
      await choose(tab, 'Zona', /^Guadalajara/);
      await choose(tab, 'Sucursal', new RegExp(`^${name}`));
      await choose(tab, 'Día', spokenDate(date));
      await choose(tab, 'Hora', new RegExp(`^${hour}`));
      await choose(tab, 'Sala', /^Sala 1(?!\d)/);
      await expect(tab.getByRole('button', { name: 'Confirmar' })).toBeEnabled();
    }

    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByTestId('booking-success')).toBeVisible();

    // The other client, without a reload: the room is taken before it asks for anything.
    await expect(other.getByTestId('choice-taken')).toHaveText(
      'Alguien acaba de reservar esta sala. Elige otra sala para continuar.',
      { timeout: 5_000 },
    );
    await expect(other.getByRole('button', { name: 'Confirmar' })).toHaveCount(0);
    await expect(group(other, 'Sala').getByRole('radio', { name: /^Sala 1(?!\d)/ })).toBeDisabled();
    await expect(
      group(other, 'Hora').getByRole('radio', { name: new RegExp(`^${hour}`) }),
    ).toHaveAccessibleName(/1 sala libre/);
    await other.screenshot({ path: testInfo.outputPath('sala-tomada-desktop.png'), fullPage: true });
    await other.getByRole('button', { name: 'Elegir otra sala' }).click();
    await choose(other, 'Sala', /^Sala 2(?!\d)/);
    await other.getByRole('button', { name: 'Confirmar' }).click();
    await expect(other.getByTestId('booking-success')).toBeVisible();

    // The super admin's grid filled both cells by itself.
    await expect(grid.getByTitle(`Sala 1 · ${hour} · ${first.name}`)).toBeVisible({ timeout: 5_000 });
    await expect(grid.getByTitle(`Sala 2 · ${hour} · ${second.name}`)).toBeVisible({ timeout: 5_000 });
    const list = admin.getByRole('table', { name: /^Sesiones del/ });
    await expect(list.getByRole('row', { name: new RegExp(first.name) })).toBeVisible();
    await expect(list.getByRole('row', { name: new RegExp(second.name) })).toBeVisible();
    await adminContext.close();
    await otherContext.close();
  });
});
