import type { TLegalResponse } from '@sala/shared/legal/legal.contract';
import { legalMessages as m } from '@sala/shared/legal/legal.messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testQueryClient } from '../../../test/query-client';
import { spyOnToasts } from '../../../test/toasts';
import { legalResponse, mockLegalApi } from '../legal-api.fixture';
import { BusinessContactForm } from './business-contact-form';

const notify = spyOnToasts();

const noContact = { phone: null, whatsapp: null, instagramUrl: null, facebookUrl: null };
const legal = legalResponse;

const mockApi = (initial: TLegalResponse) =>
  mockLegalApi(initial, '/api/legal/contact', (_current, contact) =>
    legal({ contact: contact as TLegalResponse['contact'] }),
  );
const puts = (api: ReturnType<typeof mockApi>) => api.puts();

function renderForm() {
  const client = testQueryClient();
  render(
    <QueryClientProvider client={client}>
      <BusinessContactForm />
    </QueryClientProvider>,
  );
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe("the business's phone and social links (Datos legales, issue 39)", () => {
  it('saves them before any legal fact, the phones as people write them, stored as 10 digits', async () => {
    const fetch = mockApi(legal());
    const user = userEvent.setup();
    renderForm();
    await user.type(await screen.findByLabelText('Teléfono (opcional)'), '55 1234 5678');
    await user.type(screen.getByLabelText('WhatsApp (opcional)'), '+52 55-8765-4321');
    await user.type(screen.getByLabelText('Instagram (opcional)'), 'https://www.instagram.com/salacomun');
    await user.click(screen.getByRole('button', { name: 'Guardar teléfono y redes' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(m.contactSaved));
    expect(puts(fetch)).toEqual([
      {
        phone: '5512345678',
        whatsapp: '5587654321',
        instagramUrl: 'https://www.instagram.com/salacomun',
        facebookUrl: null,
      },
    ]);
    // The fields then show what was stored, as people read it.
    await waitFor(() => expect(screen.getByLabelText('WhatsApp (opcional)')).toHaveValue('55 8765 4321'));
    expect(screen.getByLabelText('Teléfono (opcional)')).toHaveValue('55 1234 5678');
  });

  it('shows what is saved, grouped as people read it', async () => {
    mockApi(
      legal({ contact: { ...noContact, phone: '3336157890', facebookUrl: 'https://www.facebook.com/sala' } }),
    );
    renderForm();
    expect(await screen.findByLabelText('Teléfono (opcional)')).toHaveValue('33 3615 7890');
    expect(screen.getByLabelText('Facebook (opcional)')).toHaveValue('https://www.facebook.com/sala');
    expect(screen.getByLabelText('WhatsApp (opcional)')).toHaveValue('');
  });

  it('refuses a short phone and a link that is not an https profile, under each field', async () => {
    const fetch = mockApi(legal());
    const user = userEvent.setup();
    renderForm();
    await user.type(await screen.findByLabelText('Teléfono (opcional)'), '55 1234');
    await user.type(screen.getByLabelText('Instagram (opcional)'), 'instagram.com/salacomun');
    await user.type(screen.getByLabelText('Facebook (opcional)'), 'https://www.facebook.com/');
    await user.click(screen.getByRole('button', { name: 'Guardar teléfono y redes' }));
    expect(await screen.findByText(m.phoneDigits)).toBeVisible();
    expect(screen.getByText(m.instagramInvalid)).toBeVisible();
    expect(screen.getByText(m.facebookInvalid)).toBeVisible();
    expect(puts(fetch)).toEqual([]);
  });
});
