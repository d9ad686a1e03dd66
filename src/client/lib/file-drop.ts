// The drop zone's file handling without a library: which files a drop, a paste or the file picker brings (the
// images inside a dropped folder and its subfolders too), and which of them the caller's limits accept. A few dozen
// lines in place of react-dropzone (about 6 KB gzip in the tool page's first load).
import { ACCEPTED_EXTENSIONS, MIN_FILE_SIZE } from '#contract/limits';
import { fileTooLargeMessage, fileTooSmallMessage, MESSAGES } from '#contract/messages';

export interface FileLimits {
  maxFileSize: number;
  maxFiles: number;
}

export interface Refusal {
  file: File;
  messages: string[];
  /** Refused only because the batch was full: the file itself is fine and can be added with the next batch. */
  overLimit?: boolean;
}

/** Why a good file was left out of a full batch, and what to do: said on its row in the file list. */
export const overLimitMessage = (maxFiles: number) => `${MESSAGES.tooManyFiles}: ${maxFiles} can be added at once. Add it with the next batch.`;

const MIME_TYPES = new Set<string>(Object.keys(ACCEPTED_EXTENSIONS));
const EXTENSIONS = new Set<string>(Object.values(ACCEPTED_EXTENSIONS).flat());

/** The file picker's accept attribute: every type and extension taken. */
export const ACCEPT_ATTRIBUTE = [...MIME_TYPES, ...EXTENSIONS].join(',');

/** An image type we take, by its MIME type or (when the system gives none, as for some HEIC files) its extension. */
export function acceptedType(type: string, name?: string): boolean {
  if (MIME_TYPES.has(type.toLowerCase())) return true;
  const dot = name?.lastIndexOf('.') ?? -1;
  return name !== undefined && dot >= 0 && EXTENSIONS.has(name.slice(dot).toLowerCase());
}

/**
 * The files the limits accept and those refused with the spec's words (section 5). When more good files come than
 * one batch takes, the first ones (in the order given) fill the batch and the rest are refused as over the limit, so
 * a drop of 12 adds 10 rather than nothing (docs/decisions/0552-batches-that-lose-nothing.md).
 */
export function checkFiles(files: File[], limits: FileLimits): { accepted: File[]; refused: Refusal[] } {
  const accepted: File[] = [];
  const refused: Refusal[] = [];
  for (const file of files) {
    const messages: string[] = [];
    if (!acceptedType(file.type, file.name)) messages.push(MESSAGES.fileTypeInvalid);
    if (file.size > limits.maxFileSize) messages.push(fileTooLargeMessage(limits.maxFileSize));
    if (file.size < MIN_FILE_SIZE) messages.push(fileTooSmallMessage(MIN_FILE_SIZE));
    if (messages.length) refused.push({ file, messages });
    else if (accepted.length >= limits.maxFiles) refused.push({ file, messages: [overLimitMessage(limits.maxFiles)], overLimit: true });
    else accepted.push(file);
  }
  return { accepted, refused };
}

/** The parts of the File and Directory Entries API a dropped folder is read through. */
interface Entry {
  isFile: boolean;
  isDirectory: boolean;
  file?: (ok: (file: File) => void, fail?: (err: unknown) => void) => void;
  createReader?: () => { readEntries: (ok: (batch: Entry[]) => void, fail?: (err: unknown) => void) => void };
}

async function filesOfEntry(entry: Entry): Promise<File[]> {
  if (entry.isFile && entry.file) return [await new Promise<File>((ok, fail) => entry.file!(ok, fail))];
  if (!entry.isDirectory || !entry.createReader) return [];
  const reader = entry.createReader();
  const files: File[] = [];
  // readEntries answers in batches (100 in Chromium) until it answers an empty one.
  for (;;) {
    const batch = await new Promise<Entry[]>((ok, fail) => reader.readEntries(ok, fail));
    if (batch.length === 0) return files;
    for (const child of batch) files.push(...(await filesOfEntry(child)));
  }
}

/** A drag whose payload includes files (not a dragged link or text selection). */
export const carriesFiles = (transfer: DataTransfer | null): boolean => !!transfer && Array.from(transfer.types).includes('Files');

/**
 * Whether what is dragged looks acceptable, from the types the browser shows during a drag (names and sizes only come
 * with the drop): no item of a type we do not take, and not more than the limit. A folder has no type and passes.
 */
export function dragAcceptable(transfer: DataTransfer, maxFiles: number): boolean {
  const items = Array.from(transfer.items ?? []).filter((item) => item.kind === 'file');
  return items.length <= maxFiles && items.every((item) => item.type === '' || acceptedType(item.type));
}

/** Every file a drop brings: the files themselves, and the files inside dropped folders and their subfolders. */
export async function filesOfDrop(transfer: DataTransfer): Promise<File[]> {
  const items = Array.from(transfer.items ?? []).filter((item) => item.kind === 'file');
  if (items.length === 0) return Array.from(transfer.files ?? []);
  // The entries are read before the first await: the browser empties the transfer once the drop event is over.
  const sources = items.map((item) => {
    const entry = (item.webkitGetAsEntry?.() ?? null) as Entry | null;
    return entry?.isDirectory ? entry : item.getAsFile();
  });
  const lists = await Promise.all(sources.map((s) => (s === null ? [] : s instanceof File ? [s] : filesOfEntry(s))));
  return lists.flat();
}
