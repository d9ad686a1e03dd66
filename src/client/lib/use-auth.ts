// The current user (cached under '/api/user', null for guests) and the sign-in, sign-up and sign-out mutations.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LoginInput, RegisterInput, User } from '../../contract/api';
import { apiRequest, ApiRequestError } from './api';
import { getQueryFn } from './query-client';
import { bootstrapUser } from './session-bootstrap';
import { toast } from './toast';

export const USER_QUERY_KEY = ['/api/user'] as const;
export const JOBS_QUERY_KEY = ['/api/jobs'] as const;
export const UPLOAD_CONFIG_QUERY_KEY = '/api/upload-config';

export function useAuth() {
  const { data, isLoading } = useQuery<User | null>({
    queryKey: USER_QUERY_KEY,
    queryFn: getQueryFn<User | null>({ on401: 'returnNull' }),
    // The page's HTML says who is signed in, so the first render knows without a round trip (never stale after
    // that: sign-in, sign-up and sign-out set it).
    initialData: bootstrapUser,
  });
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}

/** The name a greeting uses: first name, else email. */
export const displayName = (user: Pick<User, 'firstName' | 'email'>): string => user.firstName?.trim() || user.email;

/** Avatar letter: first letter of the first name, else of the email, else U. */
export const userInitial = (user: Partial<Pick<User, 'firstName' | 'email'>> | null | undefined): string =>
  (user?.firstName?.trim()[0] ?? user?.email?.trim()[0] ?? 'U').toUpperCase();

/** What the server said, without the "<status>: " prefix when it is a JSON error. */
export const errorMessage = (error: unknown): string =>
  error instanceof ApiRequestError ? error.serverMessage : error instanceof Error ? error.message : String(error);

// Whose files and limits apply changes with the session, so those queries start over.
function onSessionChange(client: QueryClient, user: User | null) {
  client.setQueryData(USER_QUERY_KEY, user);
  void client.invalidateQueries({ queryKey: JOBS_QUERY_KEY });
  void client.invalidateQueries({ queryKey: [UPLOAD_CONFIG_QUERY_KEY] });
  void client.invalidateQueries({ queryKey: ['/api/queue/status'] });
  void client.invalidateQueries({ queryKey: ['/api/queue/stats'] });
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

/** After the account is gone the browser is a guest again. */
export const clearSession = (client: QueryClient) => onSessionChange(client, null);
