import { QueryClient } from '@tanstack/react-query';

/**
 * The QueryClient of a component test: a failed request fails at once (no retries with their back-off, which only
 * slow a test down), so a test sees the screen's refusal as soon as the API answers it.
 */
export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}
