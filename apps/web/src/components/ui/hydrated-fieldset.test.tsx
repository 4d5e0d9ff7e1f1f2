import { act } from '@testing-library/react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { HydratedFieldset } from './hydrated-fieldset';

// Hydrating a prerendered form enables its fieldset with a synchronous render; the form's fields must not render
// again with it (issue 25: on a slow phone the registration form's second render was one long task).
let fieldRenders = 0;

function Field() {
  fieldRenders += 1;
  return <input name="email" />;
}

function Form() {
  return (
    <form>
      <HydratedFieldset>
        <Field />
      </HydratedFieldset>
    </form>
  );
}

describe('HydratedFieldset', () => {
  let root: Root | undefined;

  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
  });

  it('is disabled in the prerendered page and enabled once hydrated, without rendering the fields again', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Form />);
    document.body.append(container);
    expect(container.querySelector('fieldset')?.disabled).toBe(true);

    fieldRenders = 0;
    await act(async () => {
      root = hydrateRoot(container, <Form />);
    });
    expect(container.querySelector('fieldset')?.disabled).toBe(false);
    expect(fieldRenders).toBe(1);
  });

  it('stays disabled when the form disables it', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    await act(async () => {
      root = createRoot(container);
      root.render(
        <HydratedFieldset disabled>
          <input />
        </HydratedFieldset>,
      );
    });
    expect(container.querySelector('fieldset')?.disabled).toBe(true);
  });
});
