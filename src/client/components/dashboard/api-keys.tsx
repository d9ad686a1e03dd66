// The dashboard's API keys: create (named), list with this month's usage, revoke. A new key is shown once, with a copy
// button, because the server keeps only its hash.
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { KeyRound } from 'lucide-react';
import { createApiKeySchema, type CreatedApiKey } from '#contract/api-keys';
import { useApiKeys, useCreateApiKey, useRevokeApiKey, useUsage } from '#client/api/api-keys.ts';
import { formatCount } from '#client/lib/format.ts';
import { Field } from '#client/components/ui/field.tsx';
import { ManagedList, OneTimeSecret, RemoveButton } from './managed-list';

const shortDate = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : 'never');

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
    <ManagedList
      testId="api-keys"
      icon={KeyRound}
      title="API keys"
      description={
        <>
          Compress from scripts and build tools. See the <Link href="/developers" className="text-blue-700 underline">API reference</Link>.
          {usage && ` This month (${usage.month}): ${formatCount(usage.images)} of ${formatCount(usage.limits.imagesPerMonthPerUser)} images.`}
        </>
      }
      notice={
        created && (
          <OneTimeSecret
            message={`Key “${created.name}” created. Copy it now: it will not be shown again.`}
            secret={created.key}
            noun="key"
            copyLabel="Copy API key"
            testId="new-api-key"
            onDone={() => setCreated(null)}
          />
        )
      }
      onSubmit={submit}
      submitLabel="Create key"
      submitting={create.isPending}
      items={keys}
      loading={isLoading}
      loadingLabel="Loading keys"
      emptyText="No keys yet."
      listLabel="Your API keys"
      renderItem={(key) => (
        <li className="flex items-center justify-between gap-2 py-2" data-testid="api-key-row">
          <div className="min-w-0 text-sm">
            <p className="truncate font-medium text-slate-900">{key.name}</p>
            <p className="text-slate-600">
              <code>{key.prefix}…</code> · {key.imagesThisMonth} images this month · last used {shortDate(key.lastUsedAt)}
            </p>
          </div>
          <RemoveButton
            label="Revoke"
            name={`Revoke key ${key.name}`}
            confirmation={`Revoke “${key.name}”? Scripts using it stop working at once.`}
            disabled={revoke.isPending}
            onRemove={() => revoke.mutate(key.id)}
          />
        </li>
      )}
    >
      <Field label="Key name" value={name} onChange={(e) => setName(e.target.value)} error={nameError} placeholder="e.g. CI pipeline" maxLength={100} />
    </ManagedList>
  );
}
