import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { queryKeys } from './query-keys';

export function createQueryClient() {
  // A 401 means the session ended on the server (deactivated account, expired or closed elsewhere): the session
  // is asked for again, so the page learns it at once and says so (get-session.ts). So does a staff route that
  // wants the second factor turned on first (issue 45): the session's answer then closes the staff screens.
  const onError = (error: Error) => {
    if (
      error instanceof ApiError &&
      (error.status === 401 || (error.status === 403 && error.fields?.secondFactor === 'enrol'))
    )
      void client.invalidateQueries({ queryKey: queryKeys.session });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
  return client;
}
