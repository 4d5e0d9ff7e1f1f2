import { expect, type Locator, test } from '@playwright/test';
import { bookingMessages, occurrenceReasons } from '@sala/shared/bookings/bookings.messages';
import { formatDateTime } from '@sala/shared/format/date-time';
import { addDays, businessInstant } from '@sala/shared/time/business-time';
import { spokenDate, weekdayAhead } from './dates';
import { createBranch, createClient, demo, uniqueTag } from './fixtures';
import { expectNoHorizontalScroll, expectNoSeriousViolations, keepPicture, toast } from './page-checks';
import { choose, group } from './wizard';

// Issue 21, standing slots: a client books a weekly series in a branch of its own (so the dates are free whatever
// the demo and the other specs book), with one week blocked by the staff.

test.describe('standing slots (reserva fija)', () => {
  test('a client books 8 weeks with one blocked, sees 7 booked and why not the 8th, cancels one, moves one, cancels the rest', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    const staff = await playwright.request.newContext({ baseURL });
    expect((await staff.post('/api/auth/login', { data: demo.superadmin })).status()).toBe(200);
    const branch = `Fija ${uniqueTag()}`;
    const {
      id: branchId,
      cityId,
      zone,
    } = await createBranch(staff, branch, { zone: 'Guadalajara', rooms: 2 });
    const first = weekdayAhead(2);
    const blocked = addDays(first, 14);
    const block = await staff.post('/api/blocks/days', {
      data: { cityId, branchId, date: blocked, wholeDay: true },
    });
    expect(block.status(), await block.text()).toBe(201);
    await staff.dispose();
    const client = await createClient(playwright, baseURL!, 10);
    expect((await page.request.post('/api/auth/login', { data: client })).status()).toBe(200);

    await page.goto('/reserva');
    await choose(page, 'Zona', new RegExp(`^${zone}`));
    await choose(page, 'Sucursal', new RegExp(`^${branch}`));
    await choose(page, 'Día', spokenDate(first));
    await choose(page, 'Hora', /^10:00/);
    await choose(page, 'Sala', /^Sala 1(?!\d)/);

    const summary = page.getByTestId('booking-summary');
    await summary.getByLabel('Repetir').selectOption({ label: 'Cada semana' });
    // It starts on 4 dates (not the branch's 8), the blocked third one not counted in the total said before
    // 'Confirmar'.
    await expect(summary.getByLabel('¿Cuántas?')).toHaveValue('4');
    const dates = summary.getByRole('list', { name: 'Fechas de la reserva fija' }).getByRole('listitem');
    await expect(dates).toHaveCount(4);
    await expect(summary.getByText('Total (3 sesiones)')).toBeVisible();
    await expect(summary.getByTestId('booking-cost')).toHaveText('3 créditos');
    for (const label of ['Repetir', '¿Cuántas?']) {
      expect(await fitsItsOptions(summary.getByLabel(label)), `${label} shows its options whole`).toBe(true);
    }
    await summary.getByLabel('¿Cuántas?').selectOption('8');
    await expect(dates).toHaveCount(8);
    await expect(dates.nth(2)).toContainText(spokenDate(blocked));
    await expect(dates.nth(2)).toContainText(occurrenceReasons.blocked);
    await expect(summary.getByText('Total (7 sesiones)')).toBeVisible();
    await expect(summary.getByTestId('booking-cost')).toHaveText('7 créditos');
    await expect(summary.getByTestId('balance-after')).toHaveText('3 créditos');
    await expectNoSeriousViolations(page, { wcag22: true });
    await expectNoHorizontalScroll(page);
    await keepPicture(page, `reserva-fija-${testInfo.project.name}`);

    await summary.getByRole('button', { name: 'Confirmar' }).click();
    await expect(toast(page, bookingMessages.seriesCreated(7))).toBeVisible();
    const done = page.getByTestId('booking-success');
    await expect(done.getByRole('heading', { name: '¡Tu reserva fija está lista!' })).toBeVisible();
    await expect(done.getByRole('list', { name: 'Sesiones reservadas' }).getByRole('listitem')).toHaveCount(
      7,
    );
    await expect(done).not.toContainText(spokenDate(blocked));
    await expect(done.getByTestId('booked-balance')).toHaveText('3 créditos');

    // /perfil: the series as a client names it; one date cancelled from the history, then the rest.
    await done.getByRole('link', { name: 'Ver mis sesiones' }).click();
    await expect(page).toHaveURL('/perfil');
    const card = page.getByTestId('my-series');
    await expect(card.getByRole('heading')).toContainText(`10:00 · ${branch} · Sala 1`);
    await expect(card).toContainText('Cada semana · 7 de 7 sesiones');
    await expectNoSeriousViolations(page);
    await keepPicture(page, `perfil-reserva-fija-${testInfo.project.name}`);

    const history = page.locator('#sesiones');
    await history
      .getByRole('button', { name: `Cancelar la sesión del ${historyDate(addDays(first, 7))}` })
      .click();
    await page
      .getByRole('dialog', { name: 'Cancelar sesión' })
      .getByRole('button', { name: 'Cancelar sesión' })
      .click();
    await expect(toast(page, bookingMessages.cancelled)).toBeVisible();
    await expect(card).toContainText('6 de 7 sesiones');

    // Another occurrence moves to 12:00 in Sala 2 the same day, through the wizard; it stays in the series.
    await history.getByRole('link', { name: `Cambiar la sesión del ${historyDate(first)}` }).click();
    await expect(page.getByTestId('moving-session')).toContainText(`${branch} · Sala 1`);
    // The wizard starts on the session's zone, branch and day, its hour marked as the one being moved.
    await expect(group(page, 'Zona').getByRole('radio', { name: new RegExp(`^${zone}`) })).toBeChecked();
    await expect(
      group(page, 'Sucursal').getByRole('radio', { name: new RegExp(`^${branch}`) }),
    ).toBeChecked();
    await expect(
      group(page, 'Día').getByRole('radio', { name: spokenDate(first), exact: true }),
    ).toBeChecked();
    await expect(group(page, 'Hora').getByRole('radio', { name: /^10:00/ })).toHaveAccessibleName(
      /^10:00\s*tu sesión$/,
    );
    await choose(page, 'Hora', /^12:00/);
    await choose(page, 'Sala', /^Sala 2(?!\d)/);
    await expect(summary.getByTestId('move-difference')).toHaveText('Sin costo adicional');
    await expectNoSeriousViolations(page, { wcag22: true });
    await expectNoHorizontalScroll(page);
    await keepPicture(page, `cambiar-sesion-${testInfo.project.name}`);
    await summary.getByRole('button', { name: 'Confirmar' }).click();
    await expect(toast(page, bookingMessages.rescheduled)).toBeVisible();
    const moved = page.getByTestId('booking-success');
    await expect(moved.getByRole('heading', { name: '¡Tu sesión cambió!' })).toBeVisible();
    await expect(moved).toContainText('de 12:00 a 13:00');
    await moved.getByRole('link', { name: 'Ver mis sesiones' }).click();
    await expect(card).toContainText('6 de 7 sesiones');
    await expect(
      history.getByRole('link', { name: `Cambiar la sesión del ${historyDate(first, '12:00')}` }),
    ).toBeVisible();

    await card.getByRole('button', { name: /^Cancelar las que faltan/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancelar las que faltan' });
    await expect(dialog).toContainText('las 6 sesiones');
    await dialog.getByRole('button', { name: 'Cancelar las sesiones' }).click();
    await expect(toast(page, bookingMessages.seriesCancelled(6, 6))).toBeVisible();
    await expect(page.getByTestId('my-series')).toHaveCount(0);
    await expect(page.getByTestId('profile-credits')).toHaveText('10 créditos');
  });
});

/** How the history names a session at 10:00 of a date ('8 dic 2026, 10:00'), as the app's es-MX format does. */
/** How Mis reservas writes a session's start: the app's own formatter (24 h, Mexico City). */
function historyDate(date: string, hour = '10:00') {
  return formatDateTime(businessInstant(date, hour).toISOString());
}

/** Whether a select is wide enough for its longest option, padding included (at 375 px, 'Cada semar' was cut). */
function fitsItsOptions(select: Locator) {
  return select.evaluate((element) => {
    const field = element as HTMLSelectElement;
    const style = getComputedStyle(field);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const widest = Math.max(...[...field.options].map((option) => context.measureText(option.text).width));
    return (
      widest + Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight) <=
      field.clientWidth
    );
  });
}
