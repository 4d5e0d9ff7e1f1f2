import { EARLY_TAPS_GLOBAL, REPLAYED_CONTROLS } from '@sala/shared/web/early-taps';
import { nextTask } from '../lib/next-task';
import type { IslandWhen } from './registry';

/** What wakes an island at once: the first sign that the person is using it. */
const FIRST_USE_EVENTS = ['pointerdown', 'focusin', 'keydown'] as const;

export type IslandToWake = { element: HTMLElement; when: IslandWhen; hydrate: () => Promise<void> };

/** Once its island is awake, the control gets the tap it was kept from, unless it has left the page meanwhile. */
const replayAfter = (wake: () => Promise<void>, control: Element) =>
  void wake().then(() => {
    if (control.isConnected) (control as HTMLElement).click();
  }, reportError);

/**
 * The taps the page's own script held before this entry had arrived (@sala/shared/web/early-taps), in order; it
 * stops holding them. None on a page without it (the app's shell).
 */
export function takeEarlyTaps(): Element[] {
  const take: unknown = Reflect.get(window, EARLY_TAPS_GLOBAL);
  return typeof take === 'function' ? (take() as Element[]) : [];
}

/**
 * Watches one island until it is hydrated: a tap, key or focus inside it wakes it; a tap on a control (not a
 * link: links work natively) is held, and replayed on the same control once the island has committed. Returns
 * the island's wake, shared by every trigger (it runs once).
 */
export function watchIsland({ element, hydrate }: IslandToWake): () => Promise<void> {
  let woken: Promise<void> | undefined;
  const stop = () => {
    element.removeEventListener('click', holdTap, true);
    for (const type of FIRST_USE_EVENTS) element.removeEventListener(type, wakeNow, true);
  };
  const wake = () => {
    woken ??= hydrate().then(stop, (error: unknown) => {
      // Its code could not load (a flaky network, a deploy): the next use tries again.
      woken = undefined;
      throw error;
    });
    return woken;
  };
  function wakeNow() {
    void wake().catch(reportError);
  }
  function holdTap(event: MouseEvent) {
    const target = event.target instanceof Element ? event.target : null;
    const control = target?.closest(REPLAYED_CONTROLS);
    if (!control || target?.closest('a[href]') || !element.contains(control)) return wakeNow();
    // Neither the browser (a submit) nor a half-hydrated React sees it: the control gets it again afterwards.
    event.preventDefault();
    event.stopImmediatePropagation();
    replayAfter(wake, control);
  }
  element.addEventListener('click', holdTap, true);
  for (const type of FIRST_USE_EVENTS)
    element.addEventListener(type, wakeNow, { capture: true, passive: true });
  return wake;
}

const whenIdle = (run: () => void) =>
  typeof requestIdleCallback === 'function'
    ? requestIdleCallback(run, { timeout: 2000 })
    : setTimeout(run, 200);

/**
 * Wakes a page's islands: the 'load' ones one after the other, each in tasks of its own; the 'visible' ones when
 * they come within 200 px of the screen, or one per idle moment after the page's load (their data is then ready
 * by the time the visitor scrolls there).
 */
export async function wakeIslands(list: IslandToWake[]) {
  const wakes = new Map(list.map((island) => [island.element, watchIsland(island)]));
  // The taps made before this script had arrived: each island tapped wakes now, and its tap is replayed (in the
  // same task as the watching above: no tap falls between the page's holding and the islands').
  for (const control of takeEarlyTaps()) {
    const island = list.find(({ element }) => element.contains(control));
    const wake = island && wakes.get(island.element);
    if (wake) replayAfter(wake, control);
  }
  const later = list.filter((island) => island.when === 'visible');
  const observer =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              if (!entry.isIntersecting) continue;
              observer?.unobserve(entry.target);
              void wakes
                .get(entry.target as HTMLElement)?.()
                .catch(reportError);
            }
          },
          { rootMargin: '200px' },
        )
      : undefined;
  for (const island of later) observer?.observe(island.element);

  for (const island of list) {
    if (island.when !== 'load') continue;
    // Each in tasks of its own, the first too: not in the task that started watching.
    await nextTask();
    await wakes.get(island.element)?.().catch(reportError);
  }

  const wakeRest = () => {
    const next = later.shift();
    if (!next) return;
    observer?.unobserve(next.element);
    void wakes
      .get(next.element)?.()
      .catch(reportError)
      .finally(() => whenIdle(wakeRest));
  };
  const afterLoad = () => whenIdle(wakeRest);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
