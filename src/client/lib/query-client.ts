// Default data fetching (spec section 7/9): GET on the key parts joined with '/', never stale, no refetch on focus, no retries.
import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { throwIfNotOk } from './api';

type UnauthorizedBehavior = 'returnNull' | 'throw';

export const getQueryFn =
  <T,>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T> =>
  async ({ queryKey }) => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include' });
    if (on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };

/** A cache with the spec's defaults; the app has one (below), and each test can have its own. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });

export const queryClient = createQueryClient();
