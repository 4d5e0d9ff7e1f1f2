import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionClient } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { useLogout } from './logout';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('logging out', () => {
  it("forgets the user's details and the last purchase's summary (issue 39)", async () => {
    localStorage.setItem('userDetails', JSON.stringify(sessionClient()));
    localStorage.setItem('pcSummary', JSON.stringify({ status: 'paid', items: [] }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useLogout(), { wrapper });
    // jsdom does not navigate: the full page load home is only asked for.
    result.current.mutate();
    await waitFor(() => expect(localStorage.getItem('pcSummary')).toBeNull());
    expect(localStorage.getItem('userDetails')).toBeNull();
  });
});
