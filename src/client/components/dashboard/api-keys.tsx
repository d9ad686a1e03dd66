// The dashboard's API keys: create (named), list with this month's usage, revoke. A new key is shown once, with a copy
// button, because the server keeps only its hash.
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Check, Copy, KeyRound, Loader2, Trash2 } from 'lucide-react';
import { createApiKeySchema, type CreatedApiKey } from '#contract/api-keys';
import { useApiKeys, useCreateApiKey, useRevokeApiKey, useUsage } from '#client/api/api-keys.ts';
import { formatCount } from '#client/lib/format.ts';
import { toast } from '#client/lib/toast.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Field } from '#client/components/ui/field.tsx';

const shortDate = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : 'never');

function NewKeyNotice({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
    } catch {
      toast({ title: 'Copy failed', description: 'Select the key and copy it by hand.', variant: 'destructive' });
    }
  };
  return (
    <div className="rounded-lg border border-emerald-300 bg-emerald-50 p-3" role="status" data-testid="new-api-key">
      <p className="text-sm font-medium text-emerald-900">Key “{created.name}” created. Copy it now: it will not be shown again.</p>
      <div className="mt-2 flex items-center gap-2">
        <code className="min-w-0 flex-1 break-all rounded bg-white px-2 py-1 text-xs text-slate-900" data-testid="new-api-key-value">
          {created.key}
        </code>
        <Button variant="secondary" size="sm" onClick={() => void copy()} aria-label="Copy API key">
          {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <Button variant="secondary" size="sm" className="mt-2" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}

export function ApiKeys() {
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const { data: keys = [], isLoading } = useApiKeys();
  const { data: usage } = useUsage();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createApiKeySchema.safeParse({ name });
    if (!parsed.success) return setNameError(parsed.error.issues[0]?.message);
    setNameError(undefined);
    create.mutate(parsed.data.name, {
      onSuccess: (key) => {
        setCreated(key);
        setName('');
      },
    });
  };

  return (
    <Card data-testid="api-keys">
      <CardHeader>
        <CardTitle icon={KeyRound}>
          API keys
        </CardTitle>
        <p className="text-sm text-slate-600">
          Compress from scripts and build tools. See the <Link href="/developers" className="text-blue-700 underline">API reference</Link>.
          {usage && ` This month (${usage.month}): ${formatCount(usage.images)} of ${formatCount(usage.limits.imagesPerMonthPerUser)} images.`}
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {created && <NewKeyNotice created={created} onDone={() => setCreated(null)} />}
        <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
          <Field label="Key name" value={name} onChange={(e) => setName(e.target.value)} error={nameError} placeholder="e.g. CI pipeline" maxLength={100} />
          <Button type="submit" disabled={create.isPending}>
            {create.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
            Create key
          </Button>
        </form>
        {isLoading ? (
          <Loader2 className="h-5 w-5 animate-spin text-slate-500" aria-label="Loading keys" />
        ) : keys.length === 0 ? (
          <p className="text-sm text-slate-600">No keys yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Your API keys">
            {keys.map((key) => (
              <li key={key.id} className="flex items-center justify-between gap-2 py-2" data-testid="api-key-row">
                <div className="min-w-0 text-sm">
                  <p className="truncate font-medium text-slate-900">{key.name}</p>
                  <p className="text-slate-600">
                    <code>{key.prefix}…</code> · {key.imagesThisMonth} images this month · last used {shortDate(key.lastUsedAt)}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Revoke key ${key.name}`}
                  disabled={revoke.isPending}
                  onClick={() => {
                    if (window.confirm(`Revoke “${key.name}”? Scripts using it stop working at once.`)) revoke.mutate(key.id);
                  }}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
