// The visitor's account: the current user (null for a guest), signing in, up and out, and the signed-in user's data
// export and account deletion. The toasts these requests show are worded here.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LoginInput, RegisterInput, User } from '#contract/api';
import { apiRequest, errorMessage, isUnauthorizedError } from '#client/lib/api.ts';
import { downloadAccountExport } from '#client/lib/download.ts';
import { displayName } from '#client/lib/format.ts';
import { getQueryFn } from '#client/lib/query-client.ts';
import { bootstrapUser } from '#client/lib/session-bootstrap.ts';
import { clearOfflineCaches } from '#client/offline/register.ts';
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

/**
 * A request that changes who is signed in (sign in, sign up, sign out): on success the new session's user replaces
 * the old one and `welcome` is toasted; on failure the server's reason is.
 */
function useSessionMutation<Input>(
  send: (input: Input) => Promise<User | null>,
  welcome: (user: User | null) => { title: string; description: string },
  failureTitle: string,
  onSuccess?: () => void,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (user) => {
      onSessionChange(client, user);
      toast(welcome(user));
      onSuccess?.();
    },
    onError: (error) => toast({ title: failureTitle, description: errorMessage(error), variant: 'destructive' }),
  });
}

const signedInAs = async (response: Response) => (await response.json()) as User;

export function useLogin(onSuccess?: () => void) {
  return useSessionMutation(
    async (input: LoginInput) => signedInAs(await apiRequest('POST', '/api/login', input)),
    () => ({ title: 'Welcome back!', description: 'You have successfully signed in.' }),
    'Login failed',
    onSuccess,
  );
}

export function useRegister(onSuccess?: () => void) {
  return useSessionMutation(
    async (input: RegisterInput) => signedInAs(await apiRequest('POST', '/api/register', input)),
    (user) => ({
      title: 'Account created!',
      description: `Welcome, ${displayName(user!)}! Your account is ready: upload files of any size and keep your job history.`,
    }),
    'Registration failed',
    onSuccess,
  );
}

export function useLogout(onSuccess?: () => void) {
  return useSessionMutation<void>(
    async () => {
      await apiRequest('POST', '/api/logout');
      await clearOfflineCaches();
      return null;
    },
    () => ({ title: 'Signed out', description: 'You have been successfully signed out.' }),
    'Logout failed',
    onSuccess,
  );
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
    mutationFn: async () => {
      await apiRequest('DELETE', '/api/user');
      await clearOfflineCaches();
    },
    onSuccess: () => {
      onSessionChange(client, null);
      onDeleted?.();
      toast({ title: 'Account deleted', description: 'Your account, jobs and files have been deleted.' });
    },
    onError: onAccountRequestFailed(client, 'Account deletion failed', onSessionEnded),
  });
}
