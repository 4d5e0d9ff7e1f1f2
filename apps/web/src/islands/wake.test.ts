import { EARLY_TAPS_GLOBAL, EARLY_TAPS_SCRIPT } from '@sala/shared/web/early-taps';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeEarlyTaps, wakeIslands, watchIsland } from './wake';

/** An island's prerendered HTML: a button, a link, and plain text. */
function islandElement() {
  const element = document.createElement('div');
  element.innerHTML = '<p>Texto</p><button type="button">Abrir menú</button><a href="#equipo">Equipo</a>';
  document.body.append(element);
  return element;
}

/** A hydrate() the test finishes (or fails) when it wants. */
function deferredHydrate() {
  const calls: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const hydrate = vi.fn(
    () =>
      new Promise<void>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  );
  return { hydrate, calls };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

// Browsers have reportError (where an island's failure goes); jsdom does not.
const reported = vi.fn();
beforeEach(() => {
  reported.mockReset();
  vi.stubGlobal('reportError', reported);
});
afterEach(() => {
  takeEarlyTaps(); // a test's page script stops holding taps
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('watchIsland (decision 012: an early tap is never lost)', () => {
  it('holds a tap on a control before hydration and replays it on the same control once hydrated', async () => {
    const element = islandElement();
    const button = element.querySelector('button')!;
    const { hydrate, calls } = deferredHydrate();
    watchIsland({ element, when: 'visible', hydrate });
    const seen: string[] = [];
    // What the hydrated island will do with a click (a listener on the page, after the island's own).
    document.addEventListener('click', (event) => seen.push((event.target as Element).tagName));

    button.click();
    expect(hydrate).toHaveBeenCalledTimes(1);
    // Held: nothing downstream saw it while the island was asleep.
    expect(seen).toEqual([]);

    calls[0]!.resolve();
    await flush();
    expect(seen).toEqual(['BUTTON']);
    // Awake: the next tap goes through as usual, once, and hydrate is not asked again.
    button.click();
    expect(seen).toEqual(['BUTTON', 'BUTTON']);
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it('leaves a link alone (it works natively) but wakes the island', () => {
    const element = islandElement();
    const { hydrate } = deferredHydrate();
    watchIsland({ element, when: 'visible', hydrate });
    const link = element.querySelector('a')!;
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it('wakes on the first sign of use: a pointer down, a key or focus inside it', () => {
    for (const type of ['pointerdown', 'keydown', 'focusin']) {
      const element = islandElement();
      const { hydrate } = deferredHydrate();
      watchIsland({ element, when: 'visible', hydrate });
      element.querySelector('button')!.dispatchEvent(new Event(type, { bubbles: true }));
      expect(hydrate, type).toHaveBeenCalledTimes(1);
    }
  });

  it('runs hydrate once for every trigger, and tries again after its code failed to load', async () => {
    const element = islandElement();
    const { hydrate, calls } = deferredHydrate();
    const wake = watchIsland({ element, when: 'visible', hydrate });
    const first = wake();
    void wake();
    element.querySelector('button')!.click();
    expect(hydrate).toHaveBeenCalledTimes(1);

    calls[0]!.reject(new Error('chunk failed'));
    await expect(first).rejects.toThrow('chunk failed');
    await flush();
    expect(reported).toHaveBeenCalled();
    // The next use tries again.
    element.querySelector('button')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(hydrate).toHaveBeenCalledTimes(2);
  });
});

/** Runs the prerendered page's inline script, as the browser does while parsing its head. */
const runPageScript = () => new Function(EARLY_TAPS_SCRIPT)();

/** A click as a tap makes it; says whether something held it (its default prevented). */
function tap(target: Element) {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event.defaultPrevented;
}

describe("the page's early-tap script (before the islands' entry has arrived)", () => {
  it("holds a tap on an island's control and hands it over once; links and the rest of the page go through", () => {
    const island = islandElement();
    island.dataset.island = 'site-header';
    const outside = document.createElement('button');
    document.body.append(outside);
    const seen: string[] = [];
    document.addEventListener('click', (event) => seen.push((event.target as Element).textContent ?? ''));
    runPageScript();

    const button = island.querySelector('button')!;
    expect(tap(button)).toBe(true);
    expect(tap(island.querySelector('p')!)).toBe(false); // not a control
    expect(tap(island.querySelector('a')!)).toBe(false); // a link works natively
    expect(tap(outside)).toBe(false); // not in an island: nothing to replay it
    expect(seen).toEqual(['Texto', 'Equipo', '']);

    expect(takeEarlyTaps()).toEqual([button]);
    expect(Reflect.has(window, EARLY_TAPS_GLOBAL)).toBe(false);
    // Handed over: the page's script holds nothing more, and there is nothing more to take.
    expect(tap(button)).toBe(false);
    expect(takeEarlyTaps()).toEqual([]);
  });

  it('gives its taps to wakeIslands, which wakes their island at once and replays each on its control', async () => {
    const island = islandElement();
    island.dataset.island = 'site-header';
    const other = islandElement();
    other.dataset.island = 'rooms-carousel';
    runPageScript();
    const button = island.querySelector('button')!;
    tap(button);
    tap(button);
    const seen: Element[] = [];
    document.addEventListener('click', (event) => seen.push(event.target as Element));

    const tapped = deferredHydrate();
    const untouched = deferredHydrate();
    void wakeIslands([
      { element: island, when: 'visible', hydrate: tapped.hydrate },
      { element: other, when: 'visible', hydrate: untouched.hydrate },
    ]);
    // In the entry's first task, not when the island would otherwise wake (visible, or idle after load).
    expect(tapped.hydrate).toHaveBeenCalledTimes(1);
    expect(untouched.hydrate).not.toHaveBeenCalled();
    expect(seen).toEqual([]);

    tapped.calls[0]!.resolve();
    await flush();
    // Both taps, on the control, after hydration: what the visitor did, in order.
    expect(seen).toEqual([button, button]);
    expect(untouched.hydrate).not.toHaveBeenCalled();
  });

  it('drops a held tap whose control has left the page before its island woke', async () => {
    const island = islandElement();
    island.dataset.island = 'site-header';
    runPageScript();
    const button = island.querySelector('button')!;
    tap(button);
    const { hydrate, calls } = deferredHydrate();
    void wakeIslands([{ element: island, when: 'visible', hydrate }]);
    const clicked = vi.fn();
    button.addEventListener('click', clicked);
    button.remove();
    calls[0]!.resolve();
    await flush();
    expect(clicked).not.toHaveBeenCalled();
  });
});
