import type { TSessionUser } from '@sala/shared/auth/session.contract';
import { sessionMessages } from '@sala/shared/auth/session.messages';
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { jsonResponse, sessionClient } from '../../../test/fixtures';
import { spyOnToasts } from '../../../test/toasts';
import { sessionQuery } from './get-session';

const notify = spyOnToasts();

/** The session endpoint answering each user in turn (the last one from then on); any other path a 401. */
function sessionAnswers(...users: (TSessionUser | null)[]) {
  const fetch = vi.fn(async (url: string) => {
    if (url !== '/api/auth/session') {
      return jsonResponse({ error: { code: 'unauthenticated', message: 'Debes iniciar sesión.' } }, 401);
    }
    return jsonResponse({ user: users.length > 1 ? users.shift()! : users[0]! });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const sessionCalls = (fetch: ReturnType<typeof sessionAnswers>) =>
  fetch.mock.calls.filter(([url]) => url === '/api/auth/session').length;

beforeEach(() => {
  for (const fn of Object.values(notify)) fn.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a session that ends on the server', () => {
  it('is said in a yellow toast when the page had a user (deactivated, expired, or ended elsewhere)', async () => {
    sessionAnswers(sessionClient(), null);
    const client = createQueryClient();
    expect(await client.fetchQuery(sessionQuery())).not.toBeNull();
    expect(await client.fetchQuery({ ...sessionQuery(), staleTime: 0 })).toBeNull();
    expect(notify.warning).toHaveBeenCalledExactlyOnceWith(sessionMessages.ended);
  });

  it('says why when the server says the account was deactivated', async () => {
    localStorage.setItem('userDetails', JSON.stringify(sessionClient()));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ user: null, ended: 'account-disabled' })),
    );
    expect(await createQueryClient().fetchQuery(sessionQuery())).toBeNull();
    expect(notify.warning).toHaveBeenCalledExactlyOnceWith(sessionMessages.accountDisabled);
  });

  it('is said after a reload too: the browser remembers the last user it saw', async () => {
    localStorage.setItem('userDetails', JSON.stringify(sessionClient()));
    sessionAnswers(null);
    expect(await createQueryClient().fetchQuery(sessionQuery())).toBeNull();
    expect(notify.warning).toHaveBeenCalledExactlyOnceWith(sessionMessages.ended);
  });

  it('says nothing to a visitor, nor when the user is still there', async () => {
    sessionAnswers(null, null, sessionClient(), sessionClient());
    const client = createQueryClient();
    for (let i = 0; i < 4; i++) await client.fetchQuery({ ...sessionQuery(), staleTime: 0 });
    expect(notify.warning).not.toHaveBeenCalled();
  });

  it('is checked again as soon as any request answers 401', async () => {
    const fetch = sessionAnswers(sessionClient(), null);
    const client = createQueryClient();
    // The header's view of the session: an active query, refetched when invalidated.
    const observer = new QueryObserver(client, sessionQuery());
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(sessionClient()));
    await client
      .fetchQuery({ queryKey: queryKeys.me.sessions, queryFn: () => apiRequest('/me/sessions') })
      .catch(() => undefined);
    await vi.waitFor(() => expect(sessionCalls(fetch)).toBe(2));
    await vi.waitFor(() => expect(notify.warning).toHaveBeenCalledWith(sessionMessages.ended));
    expect(observer.getCurrentResult().data).toBeNull();
    unsubscribe();
  });
});
