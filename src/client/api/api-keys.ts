// The signed-in user's API keys and this month's usage: list, create (named) and revoke, with their toasts.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApiKey, CreatedApiKey, Usage } from '#contract/api-keys';
import { apiRequest, errorMessage } from '#client/lib/api.ts';
import { toast } from '#client/lib/toast.ts';
import { queryKeys } from './keys';

export const apiKeysQueryOptions = () => queryOptions<ApiKey[]>({ queryKey: queryKeys.apiKeys });

export const usageQueryOptions = () => queryOptions<Usage>({ queryKey: queryKeys.usage });

export const useApiKeys = () => useQuery(apiKeysQueryOptions());

export const useUsage = () => useQuery(usageQueryOptions());

// A key's usage is part of both answers, so a change to the keys refreshes both.
function refreshKeys(client: QueryClient) {
  void client.invalidateQueries({ queryKey: queryKeys.apiKeys });
  void client.invalidateQueries({ queryKey: queryKeys.usage });
}

/** Resolves to the new key with its secret, which the server shows this once and keeps only as a hash. */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => (await (await apiRequest('POST', '/api/keys', { name })).json()) as CreatedApiKey,
    onSuccess: () => refreshKeys(client),
    onError: (error) => toast({ title: 'Could not create the key', description: errorMessage(error), variant: 'destructive' }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/keys/${encodeURIComponent(id)}`),
    onSuccess: () => {
      refreshKeys(client);
      toast({ title: 'Key revoked', description: 'Requests with this key are refused from now on.' });
    },
    onError: (error) => toast({ title: 'Could not revoke the key', description: errorMessage(error), variant: 'destructive' }),
  });
}
