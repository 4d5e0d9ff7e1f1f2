import type { TLegalResponse } from '@sala/shared/legal/legal.contract';
import { vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures';

/** GET /api/legal as a test wants it: no facts, no contact, every payment method. */
export const legalResponse = (over: Partial<TLegalResponse> = {}): TLegalResponse => ({
  facts: null,
  contact: { phone: null, whatsapp: null, instagramUrl: null, facebookUrl: null },
  onlinePayments: { methods: ['card', 'oxxo', 'spei'], oxxoExpiresDays: 3 },
  isExample: false,
  privacyVersion: '2026-11-24',
  termsVersion: '2026-11-27',
  ...over,
});

/**
 * A fake of the legal API: GET /api/legal answers `current`; a PUT to `putUrl` saves what `save` makes of its body
 * and answers it. Returns the fetch mock and the bodies of its PUTs.
 */
export function mockLegalApi(
  initial: TLegalResponse,
  putUrl: string,
  save: (current: TLegalResponse, body: unknown) => TLegalResponse,
) {
  let current = initial;
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === putUrl && init?.method === 'PUT') {
      current = save(current, JSON.parse(String(init.body)));
      return jsonResponse(current);
    }
    if (url === '/api/legal') return jsonResponse(current);
    throw new Error(`unexpected ${url}`);
  });
  vi.stubGlobal('fetch', fetch);
  const puts = () =>
    fetch.mock.calls
      .filter(([, init]) => init?.method === 'PUT')
      .map(([, init]) => JSON.parse(String(init!.body)));
  return { fetch, puts };
}
