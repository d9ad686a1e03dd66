// The visitor's account: the current user (null for a guest), signing in, up and out, and the signed-in user's data
// export and account deletion. The toasts these requests show are worded here.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LoginInput, RegisterInput, User } from '#contract/api';
import { apiRequest, errorMessage, isUnauthorizedError } from '#client/lib/api.ts';
import { downloadAccountExport } from '#client/lib/download.ts';
import { displayName } from '#client/lib/format.ts';
import { getQueryFn } from '#client/lib/query-client.ts';
import { bootstrapUser } from '#client/lib/session-bootstrap.ts';
import { toast } from '#client/lib/toast.ts';
import { invalidateJobState, queryKeys } from './keys';

export const userQueryOptions = () =>
  queryOptions<User | null>({
    queryKey: queryKeys.user,
    queryFn: getQueryFn<User | null>({ on401: 'returnNull' }),
    // The page's HTML says who is signed in, so the first render knows without a round trip (never stale after
    // that: sign-in, sign-up and sign-out set it).
    initialData: bootstrapUser,
  });

export function useAuth() {
  const { data, isLoading } = useQuery(userQueryOptions());
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}

// Whose files and limits apply changes with the session, so those queries start over.
function onSessionChange(client: QueryClient, user: User | null) {
  client.setQueryData(queryKeys.user, user);
  void invalidateJobState(client);
  void client.invalidateQueries({ queryKey: queryKeys.uploadConfig });
}

export function useLogin(onSuccess?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => (await (await apiRequest('POST', '/api/login', input)).json()) as User,
    onSuccess: (user) => {
      onSessionChange(client, user);
      toast({ title: 'Welcome back!', description: 'You have successfully signed in.' });
      onSuccess?.();
    },
    onError: (error) => toast({ title: 'Login failed', description: errorMessage(error), variant: 'destructive' }),
  });
}

export function useRegister(onSuccess?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: RegisterInput) => (await (await apiRequest('POST', '/api/register', input)).json()) as User,
    onSuccess: (user) => {
      onSessionChange(client, user);
      toast({ title: 'Account created!', description: `Welcome, ${displayName(user)}! Your account is ready: upload files of any size and keep your job history.` });
      onSuccess?.();
    },
    onError: (error) => toast({ title: 'Registration failed', description: errorMessage(error), variant: 'destructive' }),
  });
}

export function useLogout(onSuccess?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/logout');
    },
    onSuccess: () => {
      onSessionChange(client, null);
      toast({ title: 'Signed out', description: 'You have been successfully signed out.' });
      onSuccess?.();
    },
    onError: (error) => toast({ title: 'Logout failed', description: errorMessage(error), variant: 'destructive' }),
  });
}

/**
 * A failed account request: the server's reason as a toast. A 401 means the session ended (expired, or signed out
 * elsewhere), so the browser is a guest again and `onSessionEnded` runs (the dashboard goes to sign-in).
 */
function onAccountRequestFailed(client: QueryClient, title: string, onSessionEnded?: () => void) {
  return (error: Error) => {
    toast({ title, description: errorMessage(error), variant: 'destructive' });
    if (isUnauthorizedError(error)) {
      onSessionChange(client, null);
      onSessionEnded?.();
    }
  };
}

/** Everything the server holds about the signed-in user, saved as a JSON file. */
export function useExportAccount({ onSessionEnded }: { onSessionEnded?: () => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: downloadAccountExport,
    onError: onAccountRequestFailed(client, 'Export failed', onSessionEnded),
  });
}

/** Deletes the account with its jobs and files; the browser is a guest afterwards. */
export function useDeleteAccount({ onDeleted, onSessionEnded }: { onDeleted?: () => void; onSessionEnded?: () => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('DELETE', '/api/user'),
    onSuccess: () => {
      onSessionChange(client, null);
      onDeleted?.();
      toast({ title: 'Account deleted', description: 'Your account, jobs and files have been deleted.' });
    },
    onError: onAccountRequestFailed(client, 'Account deletion failed', onSessionEnded),
  });
}
