import type { TLegalResponse } from '@sala/shared/legal/legal.contract';
import { legalMessages as m } from '@sala/shared/legal/legal.messages';
import { EXAMPLE_LEGAL_FACTS } from '@sala/shared/legal/legal-facts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testQueryClient } from '../../../test/query-client';
import { spyOnToasts } from '../../../test/toasts';
import { legalResponse, mockLegalApi } from '../legal-api.fixture';
import { LegalFactsForm } from './legal-facts-form';

const notify = spyOnToasts();

const legal = (over: Partial<TLegalResponse> = {}) =>
  legalResponse({ facts: EXAMPLE_LEGAL_FACTS, isExample: true, ...over });

const realFacts = {
  legalName: 'Consultorios Roble, S.C.',
  address: 'Av. Chapultepec 480, Col. Americana, 44160 Guadalajara, Jal.',
  privacyEmail: 'privacidad@roble.mx',
  retentionYears: 6,
};

/** GET answers `current` (what a PUT saved, once it did); PUT answers the saved facts. */
const mockApi = (initial: TLegalResponse) =>
  mockLegalApi(initial, '/api/legal', (_current, facts) =>
    legal({ facts: facts as TLegalResponse['facts'], isExample: false }),
  );
const puts = (api: ReturnType<typeof mockApi>) => api.puts();

function renderForm() {
  const client = testQueryClient();
  render(
    <QueryClientProvider client={client}>
      <LegalFactsForm />
    </QueryClientProvider>,
  );
}

const user = userEvent.setup();

async function fill(label: string, value: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  await user.type(field, value);
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('the legal facts form (/admin/datos-legales)', () => {
  it('says the documents still show the examples, with the examples in the fields and links to the pages', async () => {
    mockApi(legal());
    renderForm();
    expect(await screen.findByText(m.stillExample)).toBeVisible();
    expect(await screen.findByLabelText('Razón social')).toHaveValue(EXAMPLE_LEGAL_FACTS.legalName);
    expect(screen.getByLabelText('Domicilio')).toHaveValue(EXAMPLE_LEGAL_FACTS.address);
    expect(screen.getByLabelText('Años de conservación de los datos de una cuenta eliminada')).toHaveValue(5);
    // Each field says what it is for.
    expect(
      screen.getByLabelText('Años de conservación de los datos de una cuenta eliminada'),
    ).toHaveAccessibleDescription(/5 años es el plazo de las leyes fiscales/);
    expect(screen.getByLabelText('Domicilio')).toHaveAccessibleDescription(/recibir notificaciones/);

    const notice = screen.getByRole('link', { name: /Ver el aviso de privacidad/ });
    expect(notice).toHaveAttribute('href', '/aviso-de-privacidad');
    expect(notice).toHaveAttribute('target', '_blank');
    const terms = screen.getByRole('link', { name: /Ver los términos/ });
    expect(terms).toHaveAttribute('href', '/terminos');
    expect(terms).toHaveAttribute('target', '_blank');
  });

  it('says when no facts are set, starting from empty fields and 5 years', async () => {
    mockApi(legal({ facts: null, isExample: false }));
    renderForm();
    expect(await screen.findByText(m.notSet)).toBeVisible();
    expect(screen.queryByText(m.stillExample)).toBeNull();
    expect(screen.getByLabelText('Razón social')).toHaveValue('');
    expect(screen.getByLabelText('Años de conservación de los datos de una cuenta eliminada')).toHaveValue(5);
  });

  it('saves the facts typed, and the notice goes once they are the business’s', async () => {
    const fetch = mockApi(legal());
    renderForm();
    await screen.findByText(m.stillExample);
    await fill('Razón social', realFacts.legalName);
    await fill('Domicilio', realFacts.address);
    await fill('Correo para asuntos de privacidad', realFacts.privacyEmail);
    await fill('Años de conservación de los datos de una cuenta eliminada', '6');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(m.saved));
    expect(puts(fetch)).toEqual([realFacts]);
    await waitFor(() => expect(screen.queryByText(m.stillExample)).toBeNull());
  });

  it('refuses a retention period outside 1–20 years, and a blank one', async () => {
    const fetch = mockApi(legal());
    renderForm();
    await screen.findByText(m.stillExample);
    await fill('Años de conservación de los datos de una cuenta eliminada', '25');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(m.retentionInvalid)).toBeVisible();

    await user.clear(screen.getByLabelText('Años de conservación de los datos de una cuenta eliminada'));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(m.retentionInvalid)).toBeVisible();
    expect(puts(fetch)).toEqual([]);
  });

  it('asks for every field and a valid privacy e-mail', async () => {
    const fetch = mockApi(legal({ facts: null, isExample: false }));
    renderForm();
    await screen.findByText(m.notSet);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findAllByText(m.allFieldsRequired)).toHaveLength(3);
    await fill('Correo para asuntos de privacidad', 'privacidad');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(m.invalidEmail)).toBeVisible();
    expect(puts(fetch)).toEqual([]);
  });
});
