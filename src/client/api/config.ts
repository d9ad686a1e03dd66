// What the server tells the tool page about itself: the caller's upload limits and the compression presets, with the
// spec's cache times (section 7).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Preset, UploadConfig } from '#contract/api';
import { apiRequest } from '#client/lib/api.ts';
import { useAuth } from './account';
import { queryKeys, uploadConfigKey } from './keys';

export const uploadConfigQueryOptions = (isAuthenticated: boolean) =>
  queryOptions<UploadConfig>({
    queryKey: uploadConfigKey(isAuthenticated),
    // One URL for both keys: the session cookie decides which limits the server answers with.
    queryFn: async () => (await (await apiRequest('GET', queryKeys.uploadConfig[0])).json()) as UploadConfig,
    staleTime: 60_000,
  });

/** The caller's limits, fetched once the session is known, so a user's are never fetched and cached as a guest's. */
export function useUploadConfig() {
  const { isAuthenticated, isLoading } = useAuth();
  return useQuery({ ...uploadConfigQueryOptions(isAuthenticated), enabled: !isLoading });
}

export const presetsQueryOptions = () => queryOptions<Preset[]>({ queryKey: queryKeys.presets, staleTime: 5 * 60_000 });

export const usePresets = () => useQuery(presetsQueryOptions());
