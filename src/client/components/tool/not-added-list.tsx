// The rows of files a drop did not add, at the top of the file list, in view with the files that were: each with its
// name, the reason in words, and what to do (add it now, switch to private mode, or dismiss). Kept under the spec's
// "Upload errors:" heading on our servers; on this device nothing is uploaded, so it says so.
import { AlertCircle, Plus, ShieldCheck, X } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import type { NotAddedFile } from './not-added';

export interface NotAddedListProps {
  rows: NotAddedFile[];
  onDevice: boolean;
  onAdd: (rows: NotAddedFile[]) => void;
  onDismiss: (ids: string[]) => void;
  onPrivateMode?: () => void;
}

export function NotAddedList({ rows, onDevice, onAdd, onDismiss, onPrivateMode }: NotAddedListProps) {
  if (rows.length === 0) return null;
  const addable = rows.filter((r) => r.action === 'add' && r.file);
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900 sm:p-4" data-testid="upload-errors">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 font-semibold">
          <AlertCircle className="h-4 w-4" aria-hidden="true" />
          {onDevice ? 'Not added (cannot compress here):' : 'Upload errors:'}
          <span className="font-normal">
            {rows.length} {rows.length === 1 ? 'file' : 'files'} not added
          </span>
        </p>
        <div className="flex flex-wrap gap-2">
          {addable.length > 1 && (
            <Button size="sm" onClick={() => onAdd(addable)} data-testid="add-remaining">
              <Plus className="h-4 w-4" aria-hidden="true" />
              Add the other {addable.length}
            </Button>
          )}
          <Button size="sm" variant="secondary" onClick={() => onDismiss(rows.map((r) => r.id))}>
            Dismiss all
          </Button>
        </div>
      </div>
      <ul className="mt-2 divide-y divide-red-200" aria-label="Files not added">
        {rows.map((row) => (
          <li key={row.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2" data-testid="not-added-row">
            <span className="min-w-0 flex-1">
              <span className="font-medium break-all">{row.filename}</span>: {row.message}
            </span>
            <span className="flex gap-2">
              {row.action === 'add' && row.file && (
                <Button size="sm" variant="secondary" onClick={() => onAdd([row])} aria-label={`Add ${row.filename} now`}>
                  <Plus className="h-4 w-4" aria-hidden="true" />
                  Add now
                </Button>
              )}
              {row.action === 'private' && onPrivateMode && (
                <Button size="sm" onClick={onPrivateMode} data-testid="offer-private-mode">
                  <ShieldCheck className="h-4 w-4" aria-hidden="true" />
                  Use private mode
                </Button>
              )}
              <Button size="sm" variant="ghost" onClick={() => onDismiss([row.id])} aria-label={`Dismiss ${row.filename}`}>
                <X className="h-4 w-4" aria-hidden="true" />
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
