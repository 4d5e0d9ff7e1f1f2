import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { setPrerenderPath, useAppLocation } from './navigation';

// A prerendered island hydrates with the page's location as built (no query, no hash, no state). When the document
// is at that same place, hydrating must not be followed by a second, synchronous render of everything that reads
// the location (every link of every island: a long task on a slow phone, issue 25); when it is elsewhere (a query
// the wizard wrote), the islands render again with it.
const renders: string[] = [];

function Where() {
  const location = useAppLocation();
  renders.push(`${location.pathname}${location.search}`);
  return <p>{location.pathname}</p>;
}

describe('useAppLocation on a prerendered page', () => {
  let root: Root | undefined;

  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  async function hydrateAt(url: string) {
    window.history.replaceState(null, '', url);
    setPrerenderPath('/reserva');
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Where />);
    document.body.append(container);
    renders.length = 0;
    await act(async () => {
      root = hydrateRoot(container, <Where />);
    });
    return [...renders];
  }

  it('renders once when the document is the page as prerendered', async () => {
    expect(await hydrateAt('/reserva')).toEqual(['/reserva']);
  });

  it('renders again with the query the document has', async () => {
    expect(await hydrateAt('/reserva?sucursal=roma')).toEqual(['/reserva', '/reserva?sucursal=roma']);
  });
});
