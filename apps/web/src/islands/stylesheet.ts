/**
 * A prerendered page inlines only the rules its HTML uses (scripts/prerender.mjs, issue 25) and preloads the whole
 * stylesheet (`<link rel="preload" as="style" data-stylesheet>`). This applies it, and says when it has: what React
 * renders after the build's HTML (a menu opened, a dialog, a toast, the wizard's next step) may use any rule, so
 * nothing renders before. A sheet that fails to load (a flaky network, a deploy) does not keep the page's controls
 * dead: the islands still wake, with the rules the page has.
 */
export function applyStylesheet(): Promise<void> {
  const preload = document.querySelector<HTMLLinkElement>('link[rel="preload"][as="style"][data-stylesheet]');
  if (!preload) return Promise.resolve();
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  // Asked for as the preload asked for it (its CORS mode), so that the browser uses the response it already has.
  const cors = preload.getAttribute('crossorigin');
  if (cors !== null) link.setAttribute('crossorigin', cors);
  link.href = preload.href;
  return new Promise<void>((applied) => {
    link.addEventListener('load', () => applied(), { once: true });
    link.addEventListener('error', () => applied(), { once: true });
    document.head.append(link);
  });
}
