// The files a drop did not add (refused by the drop's checks, by the server, or left out because the batch was full or
// the network was gone), kept as rows of the file list until the user adds them again or dismisses them: a file is
// never dropped without a word (docs/decisions/0552-batches-that-lose-nothing.md).
import { useCallback, useState } from 'react';

/** What can be done about a row: add the file now (it was only left out), switch to private mode (offline), or nothing. */
export type NotAddedAction = 'add' | 'private' | null;

export interface NotAddedFile {
  id: string;
  filename: string;
  message: string;
  /** The file itself, when it can be added again without choosing it again. */
  file?: File;
  action: NotAddedAction;
}

let nextId = 0;

export function notAddedRow(filename: string, message: string, file?: File, action: NotAddedAction = null): NotAddedFile {
  nextId += 1;
  return { id: `not-added-${nextId}`, filename, message, file, action };
}

/** The list's rows, newest drop first, each drop's files in the order given. */
export function useNotAdded() {
  const [rows, setRows] = useState<NotAddedFile[]>([]);
  const add = useCallback((added: NotAddedFile[]) => {
    if (added.length) setRows((prev) => [...added, ...prev]);
  }, []);
  const remove = useCallback((ids: readonly string[]) => setRows((prev) => prev.filter((r) => !ids.includes(r.id))), []);
  const clear = useCallback(() => setRows([]), []);
  return { rows, add, remove, clear };
}
