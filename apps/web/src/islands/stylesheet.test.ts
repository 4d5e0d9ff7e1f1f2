import { afterEach, describe, expect, it } from 'vitest';
import { applyStylesheet } from './stylesheet';

/** The preload scripts/prerender.mjs writes in a prerendered page's head. */
function preloadStylesheet() {
  document.head.insertAdjacentHTML(
    'beforeend',
    '<link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/index-abc.css" data-stylesheet>',
  );
}

const stylesheets = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];

/** Whether a promise has settled by the next task. */
async function settled(promise: Promise<unknown>) {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('applyStylesheet', () => {
  it('links the preloaded stylesheet, as the preload asked for it, and resolves once it has loaded', async () => {
    preloadStylesheet();
    const applied = applyStylesheet();
    const [link] = stylesheets();
    expect(stylesheets()).toHaveLength(1);
    expect(link?.href).toBe(new URL('/assets/index-abc.css', document.baseURI).href);
    expect(link?.getAttribute('crossorigin')).toBe('');
    expect(await settled(applied)).toBe(false);

    link?.dispatchEvent(new Event('load'));
    expect(await settled(applied)).toBe(true);
  });

  it('resolves when the stylesheet fails to load: the islands still wake, with the rules the page has', async () => {
    preloadStylesheet();
    const applied = applyStylesheet();
    stylesheets()[0]?.dispatchEvent(new Event('error'));
    expect(await settled(applied)).toBe(true);
  });

  it('does nothing on a page that has the whole stylesheet already (no preload)', async () => {
    document.head.insertAdjacentHTML('beforeend', '<link rel="preload" as="image" href="/images/hero.avif">');
    expect(await settled(applyStylesheet())).toBe(true);
    expect(stylesheets()).toHaveLength(0);
  });
});
