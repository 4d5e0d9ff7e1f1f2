import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/** A toast (the shared toaster's status or alert) with a text. */
export const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text });

/**
 * axe on the page itself, in its own frame (the library's "legacy mode"). By default @axe-core/playwright runs axe in
 * each frame and then opens a blank page of its own to put the frames' results together, so that cross-origin frames
 * are judged too; the app has no frames, and that extra page cost every check about 0.45 s of a busy machine's CPU
 * (1.25 s → 0.8 s a check, measured on the public pages). Same rules, same answer. A cross-origin frame, if the app
 * ever embeds one (a map, a payment form), would not be judged in this mode: drop `setLegacyMode` then.
 */
export const axe = (page: Page) => new AxeBuilder({ page }).setLegacyMode(true);

/**
 * Zero serious or critical axe violations (docs/business-rules.md D§6) once the page's data has loaded and nothing is
 * being fetched again. `afterToasts` waits until the toasts are gone, so axe judges the page and not the toaster
 * (checked on its own); `wcag22` adds the WCAG 2.2 AA rules.
 */
export async function expectNoSeriousViolations(
  page: Page,
  options: { afterToasts?: boolean; wcag22?: boolean } = {},
) {
  await expect(page.getByText('Cargando...')).toHaveCount(0);
  if (options.afterToasts) {
    // A toast waits while the pointer rests on it (sonner); the last click may have left it there.
    await page.mouse.move(0, 0);
    await expect(page.locator('[data-tone]')).toHaveCount(0, { timeout: 6_000 });
  }
  // A list being fetched again keeps its rows, dimmed (aria-busy) until the answer: judged dimmed, every cell fails
  // the contrast rule. A live update (another booking of the same day, from a spec running beside this one) can
  // start such a fetch while axe reads the page: the page is judged again once it is settled, as many times as a
  // fetch came in between (a CI run caught the Reservaciones table dimmed mid-check).
  let serious: string[] = [];
  for (let attempt = 0; attempt < 5; attempt++) {
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    // A color still moving (a chip just chosen fades to its selected colors) is judged half-way and fails the
    // contrast rule: axe looks once every transition and animation has ended (a CI run caught one mid-fade).
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
        ),
    );
    await page.evaluate(() => {
      const w = window as unknown as { __refetchSeen?: boolean; __refetchWatch?: MutationObserver };
      w.__refetchSeen = false;
      w.__refetchWatch?.disconnect();
      w.__refetchWatch = new MutationObserver((changes) => {
        if (changes.some((c) => (c.target as Element).getAttribute?.('aria-busy') === 'true'))
          w.__refetchSeen = true;
      });
      w.__refetchWatch.observe(document.body, {
        attributes: true,
        attributeFilter: ['aria-busy'],
        subtree: true,
      });
    });
    const results = await axe(page)
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', ...(options.wcag22 ? ['wcag22aa'] : [])])
      .analyze();
    serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    const refetched = await page.evaluate(() => {
      const w = window as unknown as { __refetchSeen?: boolean; __refetchWatch?: MutationObserver };
      w.__refetchWatch?.disconnect();
      return w.__refetchSeen === true;
    });
    if (serious.length === 0 || !refetched) break;
  }
  expect(serious).toEqual([]);
}

/** The page scrolls only vertically: nothing sticks out past the window's right edge. */
export async function expectNoHorizontalScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** A full-page picture of the screen at this project's width (1280 or 375 px), kept with the run's results. */
export async function keepPicture(page: Page, name: string) {
  // A picture no assertion reads proves nothing: taken only when asked (E2E_PICTURES=1), to look at by eye.
  if (!process.env.E2E_PICTURES) return;
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** Types into the shared table's search box and waits for the list it asks for after its 1000 ms debounce. */
export async function searchTable(page: Page, term: string) {
  const searched = page.waitForResponse(
    (response) => new URL(response.url()).searchParams.get('q') === term && response.ok(),
  );
  await page.getByPlaceholder('Buscar en la tabla...').fill(term);
  await searched;
}

/** Holds every request whose URL matches until release(); says whether one was asked for. */
export async function holdRequests(page: Page, url: RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await page.route(url, async (route) => {
    asked = true;
    await released;
    await route.continue();
  });
  return { release, wasAsked: () => asked };
}

/** True once a public page's island has its React root (hydrated, or hydrating; decision 016). */
export const hydrated = (page: Page, island: string) =>
  page
    .locator(`[data-island="${island}"]`)
    .evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactContainer')));
