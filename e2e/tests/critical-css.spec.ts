import { expect, test } from '@playwright/test';
import { PRERENDERED_PAGES } from '@sala/shared/web/pages';
import { holdRequests, hydrated } from './page-checks';

// Issue 25: a prerendered page inlines only the rules its own HTML uses (apps/web/scripts/prerender.mjs), and the
// islands' entry applies the whole stylesheet after the first paint. Nothing may look different in between: every
// element of every public page (and its ::before, ::after, ::placeholder and ::marker) has the same computed style
// with the page's own rules as with the whole stylesheet added. A rule the extraction leaves out (Beasties once
// dropped Tailwind's space-y-*, written inside :where()) shows up here as a margin, not as a shift in production.

declare global {
  interface Window {
    __styles?: string[];
  }
}

for (const path of PRERENDERED_PAGES) {
  test(`${path} looks the same with its own rules as with the whole stylesheet`, async ({ page }) => {
    // The document only: no script (nothing hydrates or renders), no stylesheet, no images (nothing arrives between
    // the two readings).
    await page.route('**/*', (route) =>
      route.request().resourceType() === 'document' ? route.continue() : route.abort(),
    );
    await page.goto(path);
    const href = await page.locator('link[rel="preload"][as="style"][data-stylesheet]').getAttribute('href');
    expect(href, 'the page preloads the whole stylesheet').toMatch(/^\/assets\/[\w-]+\.css$/);

    // Each element's computed style, read once with the page's rules (kept in the page) and once more with the
    // whole stylesheet (compared with the first there: the readings are hundreds of thousands of declarations).
    // A pseudo-element is read whole where it draws a box: ::before and ::after whose content is not none, the
    // ::placeholder of a field, the ::marker of a list item. Elsewhere it draws nothing, and only what decides that
    // (its content, the element's display) is compared.
    const read = (compare: boolean) =>
      page.evaluate((compare) => {
        // Animations (a spinner) read at their start, the same in both readings.
        for (const animation of document.getAnimations()) {
          animation.pause();
          animation.currentTime = 0;
        }
        const all = (style: CSSStyleDeclaration, pseudo: string) =>
          [...style].map((property) => `${pseudo} ${property}: ${style.getPropertyValue(property)}`);
        const elements = [...document.querySelectorAll('#root *')];
        const styles = elements.map((element) => {
          const own = getComputedStyle(element);
          const declarations = all(own, '');
          for (const pseudo of ['::before', '::after']) {
            const style = getComputedStyle(element, pseudo);
            const content = style.getPropertyValue('content');
            declarations.push(
              ...(content === 'none' || content === 'normal'
                ? [`${pseudo} content: ${content}`]
                : all(style, pseudo)),
            );
          }
          if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)
            declarations.push(...all(getComputedStyle(element, '::placeholder'), '::placeholder'));
          if (own.getPropertyValue('display').includes('list-item'))
            declarations.push(...all(getComputedStyle(element, '::marker'), '::marker'));
          return declarations.join('\n');
        });
        if (!compare) {
          window.__styles = styles;
          return { elements: elements.length, differences: [] };
        }
        const first = window.__styles ?? [];
        const differences = styles.flatMap((declarations, index) => {
          if (declarations === first[index]) return [];
          const before = new Set(first[index]?.split('\n'));
          const element = elements[index]!;
          return declarations
            .split('\n')
            .filter((declaration) => !before.has(declaration))
            .map(
              (declaration) =>
                `${element.tagName.toLowerCase()}.${element.getAttribute('class')} → ${declaration}`,
            );
        });
        return { elements: elements.length, differences };
      }, compare);

    const own = await read(false);
    expect(own.elements, 'the page has its prerendered content').toBeGreaterThan(50);
    await page.unroute('**/*');
    await page.addStyleTag({ url: href! });
    const whole = await read(true);
    expect(whole.elements).toBe(own.elements);
    expect(whole.differences, 'styles that change once the whole stylesheet is applied').toEqual([]);
  });
}

test('no island renders before the whole stylesheet is applied; a tap made meanwhile still works', async ({
  page,
  isMobile,
}) => {
  test.skip(!isMobile, 'the menu button is for phones');
  const stylesheet = await holdRequests(page, /\/assets\/[\w-]+\.css$/);
  const fetched = (chunk: string) =>
    page.waitForEvent('requestfinished', (request) =>
      new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`).test(request.url()),
    );
  const chunks = Promise.all([fetched('runtime'), fetched('site-header')]);
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  // Everything the header needs has arrived but the stylesheet: it waits for it.
  await chunks;
  await page.waitForTimeout(1000);
  expect(await hydrated(page, 'site-header')).toBe(false);
  stylesheet.release();
  const menu = page.getByRole('dialog', { name: 'Menú' });
  await expect(menu).toBeVisible();
  expect(await hydrated(page, 'site-header')).toBe(true);
  // The menu is drawn with rules the page's own did not have (its z-50 and overflow-y-auto).
  expect(
    await menu.evaluate((element) => {
      const style = getComputedStyle(element);
      return [style.zIndex, style.overflowY];
    }),
  ).toEqual(['50', 'auto']);
});
