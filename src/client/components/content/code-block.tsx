// A code block with a Copy button: developers paste, they do not retype. The <pre> is focusable and named so a
// keyboard can reach and scroll it.
import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { toast } from '#client/lib/toast.ts';
import { cn } from '#client/lib/cn.ts';

export function CodeBlock({ code, label, className }: { code: string; label: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({ title: 'Copy failed', description: 'Select the text and copy it by hand.', variant: 'destructive' });
    }
  };
  return (
    <div className={cn('relative', className)} data-testid="code-block">
      <pre className="overflow-x-auto rounded-lg bg-slate-900 p-4 pr-24 text-xs leading-relaxed text-slate-100" tabIndex={0} aria-label={label}>
        <code>{code}</code>
      </pre>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={`Copy ${label}`}
        className="absolute right-2 top-2 inline-flex items-center gap-1 rounded-md border border-slate-600 bg-slate-800 px-2 py-1 text-xs font-medium text-slate-100 hover:bg-slate-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-sky-300"
      >
        {copied ? <Check className="h-3.5 w-3.5" aria-hidden="true" /> : <Copy className="h-3.5 w-3.5" aria-hidden="true" />}
        <span aria-live="polite">{copied ? 'Copied' : 'Copy'}</span>
      </button>
    </div>
  );
}
