import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchIsland } from './wake';

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
