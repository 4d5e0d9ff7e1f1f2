import type { TSessionUser } from '@sala/shared/auth/session.contract';
import type { TCreditLot } from '@sala/shared/credits/credit-lots.contract';

/** A JSON answer as the API gives it, for a mocked fetch. */
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** An active client as the session describes it. */
export const sessionClient = (overrides: Partial<TSessionUser> = {}): TSessionUser => ({
  id: 'a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d',
  name: 'Valeria Torres',
  email: 'cliente@example.com',
  phone: '3311223344',
  credits: 3,
  role: 'user',
  isAdmin: false,
  isSuperAdmin: false,
  isActive: true,
  homeBranchId: null,
  branchOnly: false,
  twoFactorEnabled: false,
  ...overrides,
});

/** The browser's EventSource, as the live availability uses it: the test sends the server's events. */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly listeners = new Map<string, Set<(message: MessageEvent<string>) => void>>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(event: string, listener: (message: MessageEvent<string>) => void) {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener);
    this.listeners.set(event, set);
  }
  removeEventListener(event: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.get(event)?.delete(listener);
  }
  close() {
    this.closed = true;
  }
  send(event: string, data: unknown) {
    for (const listener of this.listeners.get(event) ?? []) {
      listener(new MessageEvent(event, { data: JSON.stringify(data) }));
    }
  }
}

let lotCount = 0;

/** A live lot of credits (issue 44): 5 bought online, all left, never expiring unless told. */
export const creditLot = (overrides: Partial<TCreditLot> = {}): TCreditLot => {
  lotCount += 1;
  return {
    id: `f0000000-0000-4000-8000-${String(lotCount).padStart(12, '0')}`,
    credits: 5,
    remaining: 5,
    expiresOn: null,
    source: 'purchase',
    createdAt: '2029-12-01T16:00:00.000Z',
    expired: 0,
    status: 'live',
    ...overrides,
  };
};
