import type { TPublicBranchInfo } from '@sala/shared/locations/branches.contract';
import { DEFAULT_WEEKLY_SCHEDULE } from '@sala/shared/locations/schedule';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { BranchesSection } from './branches-section';

const polanco: TPublicBranchInfo = {
  id: '01900000-0000-7000-8000-0000000000b2',
  name: 'Polanco',
  cityId: '01900000-0000-7000-8000-0000000000c1',
  cityName: 'Ciudad de México',
  sessionCost: 2,
  schedule: [
    ...DEFAULT_WEEKLY_SCHEDULE.slice(0, 6),
    { firstHour: 8, lastHour: 15 },
  ] as TPublicBranchInfo['schedule'],
  address: 'Calle Homero 418, Polanco',
  phone: '5552809876',
  whatsapp: null,
  mapUrl: 'https://www.google.com/maps/search/?api=1&query=Homero+418',
  description: 'Cuatro salas amplias con luz natural.',
  roomCount: 4,
};
const providencia: TPublicBranchInfo = {
  ...polanco,
  id: '01900000-0000-7000-8000-0000000000b3',
  name: 'Providencia',
  cityId: '01900000-0000-7000-8000-0000000000c2',
  cityName: 'Guadalajara',
  sessionCost: 1,
  schedule: DEFAULT_WEEKLY_SCHEDULE,
  address: 'Av. Providencia 2577',
  phone: '3336157890',
  whatsapp: '3312340003',
  mapUrl: null,
  description: '',
  roomCount: 1,
};

function renderSection() {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter>
        <BranchesSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('BranchesSection (Sucursales)', () => {
  it('shows each branch with its zone, address, phone, hours, cost, rooms and a link to book there', async () => {
    const fetch = vi.fn(async () => jsonResponse([polanco, providencia]));
    vi.stubGlobal('fetch', fetch);
    renderSection();
    expect(screen.getByRole('status')).toHaveTextContent('Cargando sucursales…');
    expect(screen.getByRole('heading', { level: 2, name: 'Sucursales' })).toBeInTheDocument();

    const card = await screen.findByRole('article', { name: 'Polanco' });
    expect(fetch).toHaveBeenCalledWith('/api/catalog/branches', expect.anything());
    expect(within(card).getByText('Ciudad de México')).toBeInTheDocument();
    expect(within(card).getByText('Calle Homero 418, Polanco')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '55 5280 9876' })).toHaveAttribute(
      'href',
      'tel:+525552809876',
    );
    expect(within(card).getByRole('link', { name: /^Ver en el mapa/ })).toHaveAttribute(
      'href',
      polanco.mapUrl,
    );
    expect(within(card).queryByRole('link', { name: /WhatsApp/ })).toBeNull();
    expect(within(card).getByTestId('branch-hours')).toHaveTextContent(
      'Lun–Vie08:00 a 21:00Sáb08:00 a 16:00DomCerrado',
    );
    expect(within(card).getByTestId('branch-cost')).toHaveTextContent('2 créditos');
    expect(within(card).getByText('4 salas')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Reservar aquí en Polanco' })).toHaveAttribute(
      'href',
      `/reserva?zona=${polanco.cityId}&sucursal=${polanco.id}`,
    );

    const other = screen.getByRole('article', { name: 'Providencia' });
    expect(within(other).getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
      'href',
      'https://wa.me/523312340003',
    );
    expect(within(other).queryByRole('link', { name: /Ver en el mapa/ })).toBeNull();
    expect(within(other).getByText('1 sala')).toBeInTheDocument();
    expect(within(other).getByTestId('branch-cost')).toHaveTextContent('1 crédito');
  });

  it('shows a branch with no active room as such, with no link into the wizard', async () => {
    const empty = {
      ...providencia,
      id: '01900000-0000-7000-8000-0000000000b4',
      name: 'Coyoacán',
      roomCount: 0,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse([polanco, empty])),
    );
    renderSection();
    const card = await screen.findByRole('article', { name: 'Coyoacán' });
    expect(card).toHaveTextContent('SalasSin salas disponibles por ahora');
    expect(within(card).getByTestId('branch-unavailable')).toHaveTextContent(
      'Por ahora no se puede reservar aquí',
    );
    expect(within(card).queryByRole('link', { name: /Reservar aquí/ })).toBeNull();
    // Its address and phone are still there.
    expect(within(card).getByText('Av. Providencia 2577')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '33 3615 7890' })).toBeVisible();
    expect(
      within(screen.getByRole('article', { name: 'Polanco' })).getByRole('link', {
        name: 'Reservar aquí en Polanco',
      }),
    ).toBeVisible();
  });

  it('says so when the branches cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: { code: 'internal', message: 'x' } }, 500)),
    );
    renderSection();
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent(
      'No pudimos cargar las sucursales.',
    );
  });
});
