// The dashboard's cards that manage a list of the user's things (API keys, webhooks): a create form, the secret a new
// one is shown with once, then the list with its loading and empty states, each row with a confirmed remove action.
import { Fragment, useState, type ComponentType, type FormEvent, type ReactNode, type SVGProps } from 'react';
import { Check, Copy, Loader2, Trash2 } from 'lucide-react';
import { toast } from '#client/lib/toast.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';

export interface OneTimeSecretProps {
  /** What the user is told: that it is created, and that this is the only time it is shown. */
  message: string;
  secret: string;
  /** What the secret is called where the copy failed ("key": "Select the key and copy it by hand"). */
  noun: string;
  /** The copy button's accessible name. */
  copyLabel: string;
  testId: string;
  onDone: () => void;
}

/** A new secret, shown once with a copy button: the server keeps only what cannot give it back. */
export function OneTimeSecret({ message, secret, noun, copyLabel, testId, onDone }: OneTimeSecretProps) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      toast({ title: 'Copy failed', description: `Select the ${noun} and copy it by hand.`, variant: 'destructive' });
    }
  };
  return (
    <div className="rounded-lg border border-emerald-300 bg-emerald-50 p-3" role="status" data-testid={testId}>
      <p className="text-sm font-medium text-emerald-900">{message}</p>
      <div className="mt-2 flex items-center gap-2">
        <code className="min-w-0 flex-1 break-all rounded bg-white px-2 py-1 text-xs text-slate-900" data-testid={`${testId}-value`}>
          {secret}
        </code>
        <Button variant="secondary" size="sm" onClick={() => void copy()} aria-label={copyLabel}>
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

export interface RemoveButtonProps {
  /** The visible word ("Revoke", "Delete"). */
  label: string;
  /** The accessible name, naming the item. */
  name: string;
  /** Asked before removing: what stops working. */
  confirmation: string;
  disabled: boolean;
  onRemove: () => void;
}

export function RemoveButton({ label, name, confirmation, disabled, onRemove }: RemoveButtonProps) {
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={name}
      disabled={disabled}
      onClick={() => {
        if (window.confirm(confirmation)) onRemove();
      }}
    >
      <Trash2 className="h-4 w-4" aria-hidden="true" />
      {label}
    </Button>
  );
}

export interface ManagedListProps<T extends { id: string }> {
  testId: string;
  /** An anchor other pages link to. */
  id?: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  description: ReactNode;
  /** Shown above the form: the secret of the one just created. */
  notice: ReactNode;
  /** The create form's fields. */
  children: ReactNode;
  onSubmit: (event: FormEvent) => void;
  submitLabel: string;
  submitting: boolean;
  items: readonly T[];
  loading: boolean;
  loadingLabel: string;
  emptyText: string;
  listLabel: string;
  /** One row: an `<li>`. */
  renderItem: (item: T) => ReactNode;
}

export function ManagedList<T extends { id: string }>(props: ManagedListProps<T>) {
  const { items, renderItem } = props;
  return (
    <Card data-testid={props.testId} id={props.id}>
      <CardHeader>
        <CardTitle icon={props.icon}>{props.title}</CardTitle>
        <p className="text-sm text-slate-600">{props.description}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {props.notice}
        <form onSubmit={props.onSubmit} className="flex flex-col gap-2" noValidate>
          {props.children}
          <Button type="submit" disabled={props.submitting}>
            {props.submitting && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
            {props.submitLabel}
          </Button>
        </form>
        {props.loading ? (
          <Loader2 className="h-5 w-5 animate-spin text-slate-500" aria-label={props.loadingLabel} />
        ) : items.length === 0 ? (
          <p className="text-sm text-slate-600">{props.emptyText}</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label={props.listLabel}>
            {items.map((item) => (
              <Fragment key={item.id}>{renderItem(item)}</Fragment>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
