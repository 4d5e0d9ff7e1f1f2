import { type APIRequestContext, expect, test } from '@playwright/test';
import { addDays } from '@sala/shared/time/business-time';
import { mexicoToday, spokenDate } from './dates';
import { createClient, demo, loginAs } from './fixtures';
import { expectNoSeriousViolations, searchTable, toast } from './page-checks';

const asUtcNoon = (date: string) => new Date(`${date}T12:00:00Z`);

/** As the day buttons read: 'Lun 23 nov'. */
function dayButtonName(date: string) {
  const parts = new Intl.DateTimeFormat('es-MX', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).formatToParts(asUtcNoon(date));
  const part = (type: string) => (parts.find((p) => p.type === type)?.value ?? '').replace('.', '');
  const weekday = part('weekday');
  return `${weekday.charAt(0).toUpperCase()}${weekday.slice(1)} ${part('day')} ${part('month')}`;
}

// Valle (Ciudad de México), 2 to 5 days ahead, at whichever hour is still free for two rooms (the demo's lived-in
// history and the other specs book there too). The client is a fresh one: the demo client's balance belongs to
// other specs.
const BRANCH = 'Valle';
const HOURS = ['13:00', '11:00', '12:00', '10:00', '09:00'];

type Booked = { date: string; hour: string; courtesy: Slot; client: Slot; branchId: string };
type Slot = { id: string; roomName: string; holderName: string };

async function staffLogin(request: APIRequestContext) {
  const res = await request.post('/api/auth/login', { data: demo.superadmin });
  expect(res.status(), await res.text()).toBe(200);
}

const cancelSession = (request: APIRequestContext, id: string) => request.post(`/api/sessions/${id}/cancel`);

/** Books a courtesy session and one for the client at the same free hour, in two free rooms of Valle. */
async function bookTwoSessions(
  request: APIRequestContext,
  courtesyName: string,
  clientId: string,
): Promise<Booked> {
  await staffLogin(request);
  const branches = (await (await request.get('/api/availability/branches')).json()) as {
    id: string;
    name: string;
  }[];
  const branchId = branches.find((b) => b.name === BRANCH)!.id;

  for (let ahead = 2; ahead <= 5; ahead++) {
    const date = addDays(mexicoToday(), ahead);
    if (asUtcNoon(date).getUTCDay() === 0) continue;
    for (const hour of HOURS) {
      const res = await request.get(`/api/availability/rooms?branchId=${branchId}&date=${date}&hour=${hour}`);
      const { rooms } = (await res.json()) as { rooms: { id: string; name: string; state: string }[] };
      const free = rooms.filter((room) => room.state === 'free');
      if (free.length < 2) continue;
      const slot = { branchId, date, hour };
      const courtesy = await request.post('/api/staff/sessions', {
        data: { ...slot, roomId: free[0]!.id, for: 'courtesy', courtesyName },
      });
      if (courtesy.status() !== 201) continue;
      const courtesySession = ((await courtesy.json()) as { session: Slot }).session;
      const client = await request.post('/api/staff/sessions', {
        data: { ...slot, roomId: free[1]!.id, for: 'client', clientId },
      });
      if (client.status() !== 201) {
        // The client already holds this hour (or the room was just taken): give it back, try another.
        await cancelSession(request, courtesySession.id);
        continue;
      }
      const clientSession = ((await client.json()) as { session: Slot }).session;
      return { date, hour, branchId, courtesy: courtesySession, client: clientSession };
    }
  }
  throw new Error('No free hour for two sessions at Valle in the next days');
}

test.describe('Reservaciones', () => {
  test.skip(({ isMobile }) => isMobile, 'admin screens are tested on desktop');

  let booked: Booked | undefined;

  test.afterEach(async ({ request }) => {
    if (!booked) return;
    await staffLogin(request);
    for (const id of [booked.courtesy.id, booked.client.id]) await cancelSession(request, id);
  });

  test('a super admin finds the day in the table and the grid and cancels a courtesy session; an admin only reads', async ({
    page,
    request,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const courtesyName = `Prueba Reservaciones ${Date.now().toString(36)}`;
    const patient = await createClient(playwright, baseURL!, 3);
    const clientName = patient.name;
    booked = await bookTwoSessions(request, courtesyName, patient.id);
    const { date, hour, courtesy, client } = booked;

    await loginAs(page, 'superadmin');
    await page.goto('/admin/reservaciones');
    const dayButton = page.getByRole('button', { name: dayButtonName(date), exact: true });
    await expect(dayButton).toHaveAttribute('aria-pressed', 'false');
    await dayButton.click();
    await expect(dayButton).toHaveAttribute('aria-pressed', 'true');
    await page.getByLabel('Sucursal', { exact: true }).selectOption({ label: BRANCH });
    await expect(page).toHaveURL(new RegExp(`fecha=${date}`));

    // The grid of Valle: each room at that hour shows its holder.
    const grid = page.getByRole('table', { name: `Salas de ${BRANCH} por hora` });
    const courtesyCell = grid.getByTitle(`${courtesy.roomName} · ${hour} · ${courtesyName} (Cortesía)`);
    await expect(courtesyCell).toBeVisible();
    await expect(courtesyCell).toContainText(courtesyName.slice(0, 8));
    await expect(grid.getByTitle(`${client.roomName} · ${hour} · ${clientName}`)).toBeVisible();

    // The table: the day holds the demo's lived-in sessions too, so each row is found by its name.
    const table = page.getByRole('table', { name: /^Sesiones del/ });
    const courtesyRow = table.getByRole('row').filter({ hasText: courtesyName });
    const clientRow = table
      .getByRole('row')
      .filter({ hasText: clientName })
      .filter({ hasText: hour })
      .filter({ hasText: client.roomName });
    await searchTable(page, courtesyName);
    await expect(courtesyRow).toHaveCount(1);
    await expect(courtesyRow).toContainText('Cortesía');
    await expect(courtesyRow).toContainText(hour);
    await expect(courtesyRow).toContainText(courtesy.roomName);
    await expect(courtesyRow).toContainText('Sofía Ramírez');
    await expectNoSeriousViolations(page);

    // Cancel the courtesy session.
    await courtesyRow.getByRole('button', { name: /^Cancelar/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancelar sesión' });
    await expect(dialog).toContainText(
      `¿Cancelar la sesión de ${courtesyName} (cortesía) el ${spokenDate(date)} a las ${hour}?`,
    );
    await dialog.getByRole('button', { name: 'Cancelar sesión' }).click();
    await expect(toast(page, 'Sesión de cortesía cancelada con éxito')).toBeVisible();
    await expect(courtesyRow).toHaveCount(0);
    await expect(grid.getByTitle(`${courtesy.roomName} · ${hour} · Libre`)).toBeVisible();
    await searchTable(page, clientName);
    await expect(clientRow).toHaveCount(1);
    await expect(clientRow).toContainText(patient.phone);

    // An admin sees the same day (the admin e-mail's link) without the action column.
    await loginAs(page, 'admin');
    await page.goto(`/admin/reservaciones?fecha=${date}`);
    await expect(page.getByRole('button', { name: dayButtonName(date), exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByLabel('Sucursal', { exact: true }).selectOption({ label: BRANCH });
    await searchTable(page, clientName);
    await expect(clientRow).toHaveCount(1);
    await expect(table.getByRole('columnheader', { name: 'Acciones' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Cancelar/ })).toHaveCount(0);

    // The history of that day keeps the cancelled session, marked, and counts the day's sessions.
    await page.goto('/admin/historial-reservaciones');
    await page.getByLabel('Fecha', { exact: true }).fill(date);
    const history = page.getByRole('table', { name: /^Historial de sesiones/ });
    await searchTable(page, courtesyName);
    const cancelledRow = history.getByRole('row').filter({ hasText: courtesyName });
    await expect(cancelledRow).toHaveCount(1);
    await expect(cancelledRow).toContainText('Cancelada');
    await expect(page.getByText(/^1 sesión$/)).toBeVisible();
    await searchTable(page, clientName);
    await expect(page.getByText(/^1 sesión$/)).toBeVisible();
    const activeRow = history
      .getByRole('row')
      .filter({ hasText: clientName })
      .filter({ hasText: BRANCH })
      .filter({ hasText: hour })
      .filter({ hasText: client.roomName });
    await expect(activeRow).toContainText('Reservada');
    await expect(history.getByRole('columnheader', { name: 'Acciones' })).toHaveCount(0);
    await expectNoSeriousViolations(page);
  });
});
