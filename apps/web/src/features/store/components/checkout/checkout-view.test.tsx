import type { TSessionUser } from '@sala/shared/auth/session.contract';
import type { CartItem } from '@sala/shared/cart/cart.rules';
import type { TPublicProduct } from '@sala/shared/catalog/catalog.contract';
import type {
  TCheckout,
  TPayMethod,
  TPaymentInstructions,
  TPaymentResult,
} from '@sala/shared/store/store.contract';
import { storeMessages as m } from '@sala/shared/store/store.messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../../lib/query-keys';
import { jsonResponse, sessionClient } from '../../../../test/fixtures';
import { testQueryClient } from '../../../../test/query-client';
import { usePurchaseSummary } from '../../purchase-summary';
import { BASIC, basic, catalog, line, PRO, pro, summer } from '../../test-fixtures';
import { PurchaseSummaryView } from '../purchase-summary-view';
import { CheckoutView } from './checkout-view';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), neutral: vi.fn() }));
vi.mock('../../../../components/ui/toast', () => ({ notify }));

/** Stripe.js cannot load here (no network): its two packages are stood in for, as the card step uses them. */
const stripe = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  confirmCardPayment: vi.fn(),
}));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', async () => {
  const { useEffect } = await import('react');
  const card = { kind: 'card' };
  return {
    Elements: ({ children, options }: { children: React.ReactNode; options: { locale: string } }) => (
      <div data-testid="stripe-elements" data-locale={options.locale}>
        {children}
      </div>
    ),
    CardElement: ({ onReady }: { onReady: () => void }) => {
      useEffect(() => onReady(), [onReady]);
      return <div data-testid="card-element" />;
    },
    useStripe: () => ({ confirmCardPayment: stripe.confirmCardPayment }),
    useElements: () => ({ getElement: () => card }),
  };
});

const ORDER = 'o0000000-0000-4000-8000-000000000001'.replace('o', 'd');
/** The order an OXXO or SPEI checkout leaves waiting for its money. */
const PENDING_ORDER = 'd0000000-0000-4000-8000-000000000002';

const instructionsFor = (method: 'oxxo' | 'spei'): TPaymentInstructions =>
  method === 'oxxo'
    ? {
        kind: 'oxxo',
        number: '93000012345678901234',
        hostedUrl: null,
        expiresAt: '2030-01-10T05:59:00.000Z',
      }
    : {
        kind: 'spei',
        clabe: '646180111812345678',
        bankName: 'STP',
        reference: 'SALA3550',
        hostedUrl: null,
        expiresAt: '2030-01-10T05:59:00.000Z',
      };

const priced = (p: TPublicProduct, quantity: number) => ({
  productId: p.id,
  name: p.name,
  unitPriceCents: p.priceCents,
  credits: p.credits,
  extra: p.extra,
  quantity,
});

const client = sessionClient();

const declined = (reason: string) =>
  jsonResponse({ error: { code: 'aborted', message: m.paymentFailed, fields: { card: reason } } }, 409);

type Call = { method: string; url: string; body: unknown };

/** The API as the contracts describe it: the catalog, the checkout (priced by the server) and the payment. */
function fakeApi({
  pay = () => jsonResponse({}),
  start,
  mode = 'test',
  publishableKey = 'pk_test_1',
  methods = ['card'],
}: {
  pay?: () => Response | Promise<Response>;
  start?: (body: {
    checkoutId: string;
    method: TPayMethod;
    items: { productId: string; quantity: number }[];
  }) => Response | undefined | Promise<Response | undefined>;
  mode?: TCheckout['mode'];
  publishableKey?: string;
  /** What GET /api/payment-methods says the store takes. */
  methods?: TPayMethod[];
} = {}) {
  const calls: Call[] = [];
  let checkout: TCheckout | undefined;
  const paid = (): TPaymentResult => ({
    status: 'paid',
    order: {
      id: ORDER,
      folio: 1_234,
      createdAt: '2030-01-07T17:00:00.000Z',
      items: checkout!.items,
      totalCents: checkout!.amountCents,
      totalCredits: checkout!.totalCredits,
    },
    balance: client.credits + checkout!.totalCredits,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/catalog') return jsonResponse(catalog);
      if (url === '/api/auth/session') return jsonResponse({ user: { ...client, credits: 99 } });
      if (url === '/api/payment-methods') return jsonResponse({ mode, methods, oxxoExpiresDays: 3 });
      if (url === '/api/checkout' && method === 'POST') {
        // A start that answers nothing leaves the checkout to the fake.
        const answer = await start?.(body);
        if (answer) return answer;
        const payMethod: TPayMethod = body.method ?? 'card';
        const products = new Map([basic, pro].map((p) => [p.id, p]));
        const items = body.items.map((i: { productId: string; quantity: number }) =>
          priced(products.get(i.productId)!, i.quantity),
        );
        checkout = {
          checkoutId: body.checkoutId,
          mode,
          status: 'pending',
          items,
          amountCents: items.reduce(
            (sum: number, i: ReturnType<typeof priced>) => sum + i.unitPriceCents * i.quantity,
            0,
          ),
          totalCredits: items.reduce(
            (sum: number, i: ReturnType<typeof priced>) => sum + (i.credits + i.extra) * i.quantity,
            0,
          ),
          clientSecret: mode === 'stripe' && payMethod === 'card' ? 'pi_1_secret_2' : null,
          publishableKey: mode === 'stripe' ? publishableKey : null,
          method: payMethod,
          instructions: payMethod === 'card' ? null : instructionsFor(payMethod),
          orderId: payMethod === 'card' ? null : PENDING_ORDER,
          orderFolio: payMethod === 'card' ? null : 1_235,
        };
        return jsonResponse(checkout, 201);
      }
      if (/\/api\/checkout\/[^/]+\/(pay|confirm)$/.test(url)) {
        const answer = await pay();
        return answer.ok ? jsonResponse(paid()) : answer;
      }
      return jsonResponse({ error: { code: 'not-found', message: 'No encontrado' } }, 404);
    }),
  );
  return {
    calls,
    posts: (suffix: string) => calls.filter((c) => c.method === 'POST' && c.url.endsWith(suffix)),
  };
}

function renderCheckout(user: TSessionUser = client) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(queryKeys.session, user);
  queryClient.setQueryData([...queryKeys.me.orders, 'page', {}, { page: 1 }], { rows: [], total: 0 });
  const router = createMemoryRouter(
    [
      { path: '/pago', element: <CheckoutView user={user} onEditProfile={onEditProfile} /> },
      {
        path: '/resumen',
        element: (
          <>
            <p>Página de resumen</p>
            <SummaryPage />
          </>
        ),
      },
    ],
    { initialEntries: ['/pago'] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { queryClient, router, view, user: userEvent.setup() };
}

/** /resumen as the app shows it, from the stored summary. */
function SummaryPage() {
  const summary = usePurchaseSummary();
  return summary ? <PurchaseSummaryView summary={summary} /> : null;
}

const onEditProfile = vi.fn();
const setCart = (items: CartItem[]) => localStorage.setItem('cart', JSON.stringify(items));
const storedCart = () => JSON.parse(localStorage.getItem('cart') ?? 'null');
const storedSummary = () => JSON.parse(localStorage.getItem('pcSummary') ?? 'null');
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

async function fillCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(await screen.findByLabelText('Número de tarjeta'), number);
  await user.type(screen.getByLabelText('Vigencia (MM/AA)'), `12${nextYear}`);
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.type(screen.getByLabelText('Nombre en la tarjeta'), 'Valeria Torres');
}

async function toCardStep(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Continuar' }));
  await screen.findByRole('heading', { name: 'Pago con tarjeta' });
}

beforeEach(() => {
  for (const fn of Object.values(notify)) fn.mockReset();
  onEditProfile.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('CheckoutView (/pago)', () => {
  it('step 1 shows the data read-only and refuses to go on with a phone that is not 10 digits', async () => {
    fakeApi();
    setCart([line(basic, 1)]);
    const { user, router } = renderCheckout({ ...client, phone: '33112233' });
    expect(await screen.findByText('Valeria Torres')).toBeVisible();
    expect(screen.getByText('cliente@example.com')).toBeVisible();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.phoneDigits);
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('heading', { name: 'Datos personales' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Corregir mis datos' }));
    expect(onEditProfile).toHaveBeenCalledTimes(1);
  });

  it('step 1 with a missing field says all are required', async () => {
    fakeApi();
    setCart([line(basic, 1)]);
    const { user } = renderCheckout({ ...client, name: ' ' });
    await user.click(await screen.findByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.allFieldsRequired);
  });

  it('pays with the test card: summary saved, cart emptied, balance updated, toast, /resumen', async () => {
    const api = fakeApi();
    setCart([line(basic, 1), line(pro, 2), line(summer, 1)]);
    const { user, router, queryClient } = renderCheckout();
    await toCardStep(user);
    expect(router.state.location.search).toBe('?paso=tarjeta');

    // Only what is for sale goes to the server, as products and quantities.
    await screen.findByRole('button', { name: 'Pagar $5,850' });
    const [start] = api.posts('/api/checkout');
    expect(start!.body).toEqual({
      checkoutId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      method: 'card',
      items: [
        { productId: BASIC, quantity: 1 },
        { productId: PRO, quantity: 2 },
      ],
    });
    const summary = screen.getByRole('region', { name: 'Tu compra' });
    expect(within(summary).getByTestId('summary-credits')).toHaveTextContent('27 créditos');
    expect(within(summary).getByTestId('summary-total')).toHaveTextContent('$5,850');
    expect(within(summary).queryByText(/Paquete Verano/)).not.toBeInTheDocument();

    await fillCard(user, '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Pagar $5,850' }));

    expect(await screen.findByText('Página de resumen')).toBeVisible();
    const [pay] = api.posts('/pay');
    expect(pay!.url).toBe(`/api/checkout/${(start!.body as { checkoutId: string }).checkoutId}/pay`);
    expect(pay!.body).toEqual({
      number: '4242424242424242',
      expiry: `12/${nextYear}`,
      cvc: '123',
      holder: 'Valeria Torres',
    });
    expect(storedSummary()).toEqual({
      status: 'paid',
      method: 'card',
      orderId: ORDER,
      folio: 1_234,
      items: [line(basic, 1), line(pro, 2)],
      totalCents: 585_000,
      totalCredits: 27,
      paidAt: '2030-01-07T17:00:00.000Z',
      balance: 30,
    });
    expect(storedCart()).toEqual([]);
    expect(sessionStorage.getItem('checkoutAttempt')).toBeNull();
    expect(notify.success).toHaveBeenCalledWith(m.paid);
    // The navigation's credits at once (the payment's balance), then refreshed; the purchase history too.
    expect(queryClient.getQueryData<TSessionUser>(['session'])?.credits).toBe(30);
    expect(queryClient.getQueryState(['session'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['me', 'orders', 'page', {}, { page: 1 }])?.isInvalidated).toBe(true);
  });

  it('a declined card shows the message and the reason; nothing else changes', async () => {
    const api = fakeApi({ pay: () => declined(m.cardDeclined) });
    const cart = [line(basic, 1), line(pro, 1)];
    setCart(cart);
    const { user, router, queryClient } = renderCheckout();
    await toCardStep(user);
    await fillCard(user, '4000 0000 0000 0002');
    await user.click(screen.getByRole('button', { name: 'Pagar $3,550' }));

    const alert = await screen.findByTestId('payment-error');
    expect(alert).toHaveTextContent(m.paymentFailed);
    expect(within(alert).getByTestId('payment-error-reason')).toHaveTextContent(
      'El banco rechazó la tarjeta.',
    );
    expect(storedSummary()).toBeNull();
    expect(storedCart()).toEqual(cart);
    expect(router.state.location.pathname).toBe('/pago');
    expect(notify.success).not.toHaveBeenCalled();
    expect(queryClient.getQueryData<TSessionUser>(['session'])?.credits).toBe(3);
    // The same checkout can be paid with another card.
    expect(screen.getByRole('button', { name: 'Pagar $3,550' })).toBeEnabled();
    expect(api.posts('/api/checkout')).toHaveLength(1);
  });

  it('insufficient funds: its own reason', async () => {
    fakeApi({ pay: () => declined(m.insufficientFunds) });
    setCart([line(basic, 1)]);
    const { user } = renderCheckout();
    await toCardStep(user);
    await fillCard(user, '4000 0000 0000 9995');
    await user.click(screen.getByRole('button', { name: 'Pagar $1,250' }));
    expect(await screen.findByTestId('payment-error-reason')).toHaveTextContent(
      'La tarjeta no tiene fondos suficientes.',
    );
  });

  it('a server failure while paying says to try later', async () => {
    fakeApi({ pay: () => jsonResponse({ error: { code: 'internal', message: 'x' } }, 500) });
    setCart([line(basic, 1)]);
    const { user } = renderCheckout();
    await toCardStep(user);
    await fillCard(user, '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Pagar $1,250' }));
    expect(await screen.findByTestId('payment-error')).toHaveTextContent(m.tryLater);
    expect(storedSummary()).toBeNull();
  });

  it('pays once however often the button is pressed', async () => {
    let release: (r: Response) => void = () => undefined;
    const api = fakeApi({ pay: () => new Promise<Response>((resolve) => (release = resolve)) });
    setCart([line(basic, 1)]);
    const { user } = renderCheckout();
    await toCardStep(user);
    await fillCard(user, '4242 4242 4242 4242');
    const button = screen.getByRole('button', { name: 'Pagar $1,250' });
    await user.click(button);
    await waitFor(() => expect(screen.getByRole('button', { name: /Procesando pago/ })).toBeDisabled());
    await user.click(screen.getByRole('button', { name: /Procesando pago/ }));
    await user.keyboard('{Enter}');
    expect(api.posts('/pay')).toHaveLength(1);
    release(jsonResponse({}));
    expect(await screen.findByText('Página de resumen')).toBeVisible();
    expect(api.posts('/pay')).toHaveLength(1);
  });

  it('a reload finds the same checkout; another cart makes a new one', async () => {
    const api = fakeApi();
    setCart([line(basic, 1)]);
    const first = renderCheckout();
    await toCardStep(first.user);
    await screen.findByRole('button', { name: 'Pagar $1,250' });
    first.view.unmount();

    const again = renderCheckout();
    await toCardStep(again.user);
    await screen.findByRole('button', { name: 'Pagar $1,250' });
    again.view.unmount();

    setCart([line(basic, 2)]);
    const changed = renderCheckout();
    await toCardStep(changed.user);
    await screen.findByRole('button', { name: 'Pagar $2,500' });

    const ids = api.posts('/api/checkout').map((c) => (c.body as { checkoutId: string }).checkoutId);
    expect(ids).toHaveLength(3);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('a product the server no longer sells is named, and can be taken out to go on', async () => {
    let refuse = true;
    const api = fakeApi({
      start: (body) => {
        if (refuse) {
          refuse = false;
          return jsonResponse(
            {
              error: {
                code: 'aborted',
                message: m.notForSale('Paquete Profesional'),
                fields: { 'items.1': m.notForSale('Paquete Profesional') },
              },
            },
            409,
          );
        }
        return jsonResponse(
          {
            checkoutId: body.checkoutId,
            mode: 'test',
            status: 'pending',
            items: [priced(basic, 1)],
            amountCents: 125_000,
            totalCredits: 5,
            clientSecret: null,
            publishableKey: null,
            method: 'card',
            instructions: null,
            orderId: null,
            orderFolio: null,
          } satisfies TCheckout,
          201,
        );
      },
    });
    setCart([line(basic, 1), line(pro, 1)]);
    const { user } = renderCheckout();
    await toCardStep(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(m.notForSale('Paquete Profesional'));
    await user.click(screen.getByRole('button', { name: 'Quitar del carrito y continuar' }));
    expect(storedCart()).toEqual([line(basic, 1)]);
    expect(await screen.findByRole('button', { name: 'Pagar $1,250' })).toBeVisible();
    const [, second] = api.posts('/api/checkout');
    expect((second!.body as { items: unknown[] }).items).toEqual([{ productId: BASIC, quantity: 1 }]);
  });

  it('when the checkout cannot start, says the payment could not be initialised', async () => {
    fakeApi({ start: () => jsonResponse({ error: { code: 'unavailable', message: m.initFailed } }, 503) });
    setCart([line(basic, 1)]);
    const { user } = renderCheckout();
    await toCardStep(user);
    // A failing server is asked twice more before giving up.
    expect(await screen.findByRole('alert', {}, { timeout: 6000 })).toHaveTextContent(m.initFailed);
  }, 10_000);

  it('with nothing for sale in the cart there is nothing to pay', async () => {
    fakeApi();
    setCart([line(summer, 1)]);
    renderCheckout();
    expect(await screen.findByText('Ninguno de los productos de tu carrito está a la venta.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ir a mi carrito' })).toHaveAttribute('href', '/mi-carrito');
  });
});

describe('CheckoutView (/pago) with Stripe', () => {
  beforeEach(() => {
    stripe.loadStripe.mockReset().mockResolvedValue({});
    stripe.confirmCardPayment.mockReset();
  });

  it("loads Stripe only in mode 'stripe', confirms the card, then the API records the payment", async () => {
    stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const api = fakeApi({ mode: 'stripe' });
    setCart([line(pro, 1)]);
    const { user } = renderCheckout();
    await toCardStep(user);
    expect(await screen.findByTestId('stripe-elements')).toHaveAttribute('data-locale', 'es');
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_1');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Pagar $2,300' }));
    expect(await screen.findByText('Página de resumen')).toBeVisible();
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_2', {
      payment_method: {
        card: { kind: 'card' },
        billing_details: { name: 'Valeria Torres', email: 'cliente@example.com' },
      },
    });
    expect(api.posts('/confirm')).toHaveLength(1);
    expect(api.posts('/pay')).toHaveLength(0);
    expect(storedSummary()).toMatchObject({ totalCents: 230_000, totalCredits: 11, balance: 14 });
    expect(storedCart()).toEqual([]);
  });

  it("a card Stripe declines shows the spec's message and Stripe's reason; the API is not asked", async () => {
    stripe.confirmCardPayment.mockResolvedValue({
      error: { type: 'card_error', message: 'Tu tarjeta fue rechazada.' },
    });
    const api = fakeApi({ mode: 'stripe' });
    setCart([line(pro, 1)]);
    const { user } = renderCheckout();
    await toCardStep(user);
    await user.click(await screen.findByRole('button', { name: 'Pagar $2,300' }));
    const alert = await screen.findByTestId('payment-error');
    expect(alert).toHaveTextContent(m.paymentFailed);
    expect(alert).toHaveTextContent('Tu tarjeta fue rechazada.');
    expect(api.posts('/confirm')).toHaveLength(0);
    expect(storedSummary()).toBeNull();
    expect(storedCart()).toEqual([line(pro, 1)]);
  });

  it('when Stripe.js cannot be loaded, says the payment could not be initialised', async () => {
    stripe.loadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'));
    // Stripe.js is made once per key for the page's life: another key, so it is loaded (and fails) here.
    fakeApi({ mode: 'stripe', publishableKey: 'pk_test_offline' });
    setCart([line(pro, 1)]);
    const { user } = renderCheckout();
    await toCardStep(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(m.initFailed);
    expect(screen.getByRole('button', { name: 'Intentar de nuevo' })).toBeVisible();
  });
});

describe('CheckoutView (/pago) with OXXO and SPEI (issue 24)', () => {
  async function toPaymentStep(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: 'Continuar' }));
    await screen.findByRole('heading', { name: 'Forma de pago' });
  }

  it('with only the card there is no choice, and the step keeps its title', async () => {
    fakeApi({ methods: ['card'] });
    setCart([line(basic, 1)]);
    const { user } = renderCheckout();
    await toCardStep(user);
    await screen.findByRole('button', { name: 'Pagar $1,250' });
    expect(screen.queryByRole('group', { name: 'Forma de pago' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('offers only the methods the store takes; OXXO issues a voucher once and /resumen shows its number', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const api = fakeApi({
      methods: ['oxxo', 'card'],
      // The voucher's answer waits until the test lets it go.
      start: async (body) => {
        if (body.method === 'oxxo') await held;
        return undefined;
      },
    });
    setCart([line(basic, 1), line(pro, 1)]);
    const { user, router, queryClient } = renderCheckout();
    await toPaymentStep(user);

    // The card first and chosen; SPEI is not offered.
    const group = screen.getByRole('group', { name: 'Forma de pago' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['card', 'oxxo']);
    expect(within(group).getByRole('radio', { name: 'Tarjeta de crédito o débito' })).toBeChecked();
    const oxxo = within(group).getByRole('radio', { name: 'Efectivo en OXXO' });
    expect(oxxo).toHaveAccessibleDescription(/vence en 3 días/);
    expect(screen.queryByRole('radio', { name: 'Transferencia SPEI' })).not.toBeInTheDocument();
    await screen.findByRole('button', { name: 'Pagar $3,550' });
    const [cardStart] = api.posts('/api/checkout');
    expect(cardStart!.body).toMatchObject({ method: 'card' });

    await user.click(oxxo);
    expect(oxxo).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Pago en efectivo en OXXO' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Pagar/ })).not.toBeInTheDocument();
    const generate = screen.getByRole('button', { name: 'Generar ficha de pago OXXO' });

    // Nothing is asked of the server until the button; a second click while it works asks nothing more.
    expect(api.posts('/api/checkout')).toHaveLength(1);
    await user.click(generate);
    await user.click(screen.getByRole('button', { name: 'Generando ficha…' }));
    expect(api.posts('/api/checkout')).toHaveLength(2);
    release();

    expect(await screen.findByText('Página de resumen')).toBeVisible();
    expect(router.state.location.pathname).toBe('/resumen');
    const [, voucherStart] = api.posts('/api/checkout');
    expect(voucherStart!.body).toEqual({
      checkoutId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      method: 'oxxo',
      items: [
        { productId: BASIC, quantity: 1 },
        { productId: PRO, quantity: 1 },
      ],
    });
    // Its own checkout: the card's is not turned into a voucher.
    expect((voucherStart!.body as { checkoutId: string }).checkoutId).not.toBe(
      (cardStart!.body as { checkoutId: string }).checkoutId,
    );
    expect(await screen.findByRole('heading', { name: 'Ficha de pago OXXO' })).toBeVisible();
    expect(screen.getByTestId('voucher-number')).toHaveTextContent(/^93000012345678901234$/);
    expect(storedSummary()).toMatchObject({
      status: 'pending',
      method: 'oxxo',
      orderId: PENDING_ORDER,
      folio: 1_235,
      totalCents: 355_000,
      totalCredits: 16,
      instructions: { kind: 'oxxo', number: '93000012345678901234' },
    });
    expect(storedCart()).toEqual([]);
    expect(sessionStorage.getItem('checkoutAttempt')).toBeNull();
    expect(notify.success).toHaveBeenCalledWith(m.voucherIssued);
    expect(queryClient.getQueryState(['me', 'orders', 'page', {}, { page: 1 }])?.isInvalidated).toBe(true);
    // No credits yet: the balance stays.
    expect(queryClient.getQueryData<TSessionUser>(['session'])?.credits).toBe(3);
  });

  it('SPEI alone: no choice to make; the transfer data land on /resumen with the CLABE', async () => {
    const api = fakeApi({ methods: ['spei'] });
    setCart([line(pro, 1)]);
    const { user } = renderCheckout();
    await toPaymentStep(user);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByText(/transferir exactamente/)).toHaveTextContent('$2,300');

    await user.click(screen.getByRole('button', { name: 'Obtener datos para transferir' }));
    expect(await screen.findByRole('heading', { name: 'Datos para tu transferencia SPEI' })).toBeVisible();
    expect(screen.getByTestId('spei-clabe')).toHaveTextContent(/^646180111812345678$/);
    expect(screen.getByTestId('instructions-amount')).toHaveTextContent('Transfiere exactamente $2,300');
    expect(api.posts('/api/checkout').map((call) => (call.body as { method: string }).method)).toEqual([
      'spei',
    ]);
    expect(storedSummary()).toMatchObject({ status: 'pending', method: 'spei', orderId: PENDING_ORDER });
  });

  it("a refusal shows the API's words like a card's; a checkout started with another method offers a new one", async () => {
    const answers = [
      jsonResponse({ error: { code: 'invalid-argument', message: m.payerMissing } }, 400),
      jsonResponse({ error: { code: 'aborted', message: m.checkoutMethodChanged } }, 409),
    ];
    const api = fakeApi({
      methods: ['card', 'spei'],
      start: (body) => (body.method === 'card' ? undefined : answers.shift()),
    });
    setCart([line(basic, 1)]);
    const { user, router } = renderCheckout();
    await toPaymentStep(user);
    await user.click(screen.getByRole('radio', { name: 'Transferencia SPEI' }));
    await user.click(screen.getByRole('button', { name: 'Obtener datos para transferir' }));
    expect(await screen.findByTestId('payment-error')).toHaveTextContent(m.payerMissing);

    await user.click(screen.getByRole('button', { name: 'Obtener datos para transferir' }));
    expect(await screen.findByTestId('payment-error')).toHaveTextContent(m.checkoutMethodChanged);
    const ids = () =>
      api
        .posts('/api/checkout')
        .filter((call) => (call.body as { method: string }).method === 'spei')
        .map((call) => (call.body as { checkoutId: string }).checkoutId);
    // The same attempt both times (a retry is harmless); 'Intentar de nuevo' starts another.
    expect(new Set(ids()).size).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    await user.click(screen.getByRole('button', { name: 'Obtener datos para transferir' }));
    expect(await screen.findByText('Página de resumen')).toBeVisible();
    expect(new Set(ids()).size).toBe(2);
    expect(router.state.location.pathname).toBe('/resumen');
  });
});
