import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { withNavigation } from '../../../test/router';
import { type PurchaseSummary, usePurchaseSummary } from '../purchase-summary';
import { PurchaseSummaryView } from './purchase-summary-view';

const summary: PurchaseSummary = {
  orderId: 'd0000000-0000-4000-8000-000000000001',
  items: [
    { id: 'a', name: 'Paquete Básico', priceCents: 125_000, credits: 5, extra: 0, quantity: 2 },
    { id: 'b', name: 'Paquete Profesional', priceCents: 230_000, credits: 10, extra: 1, quantity: 1 },
  ],
  totalCents: 480_000,
  totalCredits: 21,
  paidAt: '2030-01-07T17:00:00.000Z',
  balance: 24,
};

function Page() {
  const saved = usePurchaseSummary();
  return saved ? <PurchaseSummaryView summary={saved} /> : <p>Sin resumen</p>;
}

function renderSummary(value: PurchaseSummary) {
  localStorage.setItem('pcSummary', JSON.stringify(value));
  const router = createMemoryRouter(
    withNavigation([
      { path: '/resumen', element: <Page /> },
      { path: '/reserva', element: <p>Página de reserva</p> },
      { path: '/perfil', element: <p>Página de perfil</p> },
    ]),
    { initialEntries: ['/resumen'] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

describe('PurchaseSummaryView (/resumen)', () => {
  it('shows the items, the credits received, the total paid and the new balance', () => {
    renderSummary(summary);
    expect(screen.getByText('Paquete Básico')).toBeVisible();
    expect(screen.getByTestId('summary-credits')).toHaveTextContent('21 créditos');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$4,800');
    expect(screen.getByTestId('summary-balance')).toHaveTextContent('24 créditos');
  });

  it('an older summary without a balance still shows', () => {
    const { balance: _, ...older } = summary;
    renderSummary(older);
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$4,800');
    expect(screen.queryByTestId('summary-balance')).not.toBeInTheDocument();
  });

  it.each([
    ['Reservar una sesión', '/reserva', 'Página de reserva'],
    ['Ir a mi perfil', '/perfil', 'Página de perfil'],
  ])("'%s' goes to %s and forgets the summary", async (name, path, text) => {
    const { router, user } = renderSummary(summary);
    await user.click(screen.getByRole('link', { name }));
    expect(await screen.findByText(text)).toBeVisible();
    expect(router.state.location.pathname).toBe(path);
    expect(localStorage.getItem('pcSummary')).toBeNull();
  });
});
