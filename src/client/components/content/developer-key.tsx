// The key the /developers examples carry: a signed-in visitor creates one here and every snippet is filled with it
// (kept in this page's memory only; the server stores its hash). A guest is told where keys come from.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { KeyRound, Loader2 } from 'lucide-react';
import { useAuth } from '#client/api/account.ts';
import { apiKeysQueryOptions, useCreateApiKey } from '#client/api/api-keys.ts';
import { Button } from '#client/components/ui/button.tsx';

const NEW_KEY_NAME = 'Developer quick start';

export function DeveloperKey({ apiKey, onKey }: { apiKey: string | null; onKey: (key: string) => void }) {
  const { user, isLoading } = useAuth();
  const { data: keys = [] } = useQuery({ ...apiKeysQueryOptions(), enabled: user !== null });
  const create = useCreateApiKey();
  if (isLoading) return null;

  let body;
  if (!user) {
    body = (
      <p>
        <Link href="/auth?next=/developers" className="font-medium text-blue-700 underline">Sign in</Link> (free) to create a key here: every example on this page then
        carries it, ready to paste.
      </p>
    );
  } else if (apiKey) {
    body = (
      <p role="status">
        Your new key “{NEW_KEY_NAME}” is filled into every example below. Copy it now: it is shown only on this page, this once (the dashboard lists
        it by its prefix).
      </p>
    );
  } else {
    body = (
      <div className="flex flex-wrap items-center gap-3">
        <Button size="sm" disabled={create.isPending} onClick={() => create.mutate(NEW_KEY_NAME, { onSuccess: (created) => onKey(created.key) })}>
          {create.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <KeyRound className="h-4 w-4" aria-hidden="true" />}
          Create a key for these examples
        </Button>
        {keys.length > 0 && (
          <span data-testid="existing-keys">
            You have {keys.length === 1 ? 'a key' : `${keys.length} keys`} ({keys.map((k) => `${k.prefix}…`).join(', ')}); a key is shown in full only when it is
            created, so paste yours over <code>isq_live_...</code> or create one here.
          </span>
        )}
      </div>
    );
  }
  return (
    <div className="rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-slate-800" data-testid="developer-key">
      {body}
    </div>
  );
}
