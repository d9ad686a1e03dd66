// The dashboard's webhooks: register a URL for job events (its signing secret shown once, with a copy button), list
// them, see each one's deliveries with every attempt, and delete. Over the existing webhook API (/api/webhooks).
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { ChevronDown, Loader2, Webhook as WebhookIcon } from 'lucide-react';
import { WEBHOOK_EVENTS, type CreatedWebhook, type Webhook, type WebhookEvent } from '#contract/webhooks';
import { useCreateWebhook, useDeleteWebhook, useDeliveries, useWebhooks } from '#client/api/webhooks.ts';
import { errorMessage } from '#client/lib/api.ts';
import { formatDateTime } from '#client/lib/format.ts';
import { cn } from '#client/lib/cn.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { ManagedList, OneTimeSecret, RemoveButton } from './managed-list';

const STATUS_CLASS = { delivered: 'text-green-800', failed: 'text-red-700', pending: 'text-amber-800' } as const;

function Deliveries({ webhook }: { webhook: Webhook }) {
  const { data: deliveries, isLoading, error } = useDeliveries(webhook.id, true);
  if (isLoading) return <Loader2 className="h-4 w-4 animate-spin text-slate-500" aria-label="Loading deliveries" />;
  if (error) return <p className="text-sm text-red-700">{errorMessage(error)}</p>;
  if (!deliveries?.length) return <p className="text-sm text-slate-600">No deliveries yet: events are sent when one of your jobs completes or fails.</p>;
  return (
    <ol className="space-y-2" aria-label={`Deliveries to ${webhook.url}`}>
      {deliveries.map((d) => (
        <li key={d.id} className="rounded-md border border-slate-200 p-2 text-xs" data-testid="webhook-delivery">
          <p className="flex flex-wrap justify-between gap-2">
            <span className="font-medium text-slate-900">
              {d.event} · job <code>{d.jobId.slice(0, 8)}</code>
            </span>
            <span className={cn('font-semibold', STATUS_CLASS[d.status])} data-testid="webhook-delivery-status">
              {d.status}
              {d.status === 'pending' && d.nextAttemptAt ? `, next try ${formatDateTime(d.nextAttemptAt)}` : ''}
            </span>
          </p>
          <ul className="mt-1 space-y-0.5 text-slate-700" aria-label="Attempts">
            {d.attempts.map((a, i) => (
              <li key={a.at} data-testid="webhook-attempt">
                Attempt {i + 1}, {formatDateTime(a.at)}: {a.statusCode ? `HTTP ${a.statusCode}` : 'no answer'}
                {a.error ? ` (${a.error})` : ''} in {a.durationMs} ms
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

function WebhookRow({ webhook, onDelete, deleting }: { webhook: Webhook; onDelete: () => void; deleting: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="py-2" data-testid="webhook-row">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0 text-sm">
          <p className="break-all font-medium text-slate-900">{webhook.url}</p>
          <p className="text-slate-600">
            {webhook.events.join(', ')}
            {webhook.description ? ` · ${webhook.description}` : ''} · added {formatDateTime(webhook.createdAt)}
          </p>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" aria-expanded={open} onClick={() => setOpen(!open)}>
            Deliveries
            <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
          </Button>
          <RemoveButton
            label="Delete"
            name={`Delete webhook ${webhook.url}`}
            confirmation={`Delete the webhook to ${webhook.url}? No more events are sent to it.`}
            disabled={deleting}
            onRemove={onDelete}
          />
        </div>
      </div>
      {open && (
        <div className="mt-2">
          <Deliveries webhook={webhook} />
        </div>
      )}
    </li>
  );
}

export function Webhooks() {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const [urlError, setUrlError] = useState<string | undefined>();
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const { data: hooks = [], isLoading } = useWebhooks();
  const create = useCreateWebhook();
  const remove = useDeleteWebhook();
  // Callbacks given with one upload come and go with their jobs: only registered endpoints are managed here.
  const endpoints = hooks.filter((h) => h.kind === 'endpoint');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) return setUrlError('Give the URL that should receive the events');
    if (events.length === 0) return setUrlError('Choose at least one event');
    setUrlError(undefined);
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (hook) => {
          setCreated(hook);
          setUrl('');
        },
        // The server's reason (a private address, a bad URL) goes beside the field.
        onError: (error) => setUrlError(errorMessage(error)),
      },
    );
  };

  return (
    <ManagedList
      testId="webhooks"
      id="webhooks"
      icon={WebhookIcon}
      title="Webhooks"
      description={
        <>
          Get a signed request when a job completes or fails, instead of polling. See{' '}
          <Link href="/developers" className="text-blue-700 underline">
            how to verify them
          </Link>
          .
        </>
      }
      notice={
        created && (
          <OneTimeSecret
            message="Webhook added. Copy its signing secret now: it will not be shown again."
            secret={created.secret}
            noun="secret"
            copyLabel="Copy signing secret"
            testId="new-webhook-secret"
            onDone={() => setCreated(null)}
          />
        )
      }
      onSubmit={submit}
      submitLabel="Add webhook"
      submitting={create.isPending}
      items={endpoints}
      loading={isLoading}
      loadingLabel="Loading webhooks"
      emptyText="No webhooks yet."
      listLabel="Your webhooks"
      renderItem={(hook) => <WebhookRow webhook={hook} deleting={remove.isPending} onDelete={() => remove.mutate(hook.id)} />}
    >
      <Field label="Endpoint URL" type="url" value={url} onChange={(e) => setUrl(e.target.value)} error={urlError} placeholder="https://example.com/hooks/images" />
      <fieldset className="flex flex-wrap gap-4 text-sm text-slate-800">
        <legend className="sr-only">Events</legend>
        {WEBHOOK_EVENTS.map((e) => (
          <label key={e} className="inline-flex min-h-11 items-center gap-2 sm:min-h-0">
            <input type="checkbox" checked={events.includes(e)} onChange={(ev) => setEvents(ev.target.checked ? [...events, e] : events.filter((x) => x !== e))} />
            {e}
          </label>
        ))}
      </fieldset>
    </ManagedList>
  );
}
