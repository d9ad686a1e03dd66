// Saving server files to disk: fetched as a blob (cookies included) and handed to the browser through a temporary link.
import { throwIfNotOk } from './api';

export const ZIP_FILENAME = 'compressed-images.zip';

export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoke later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file name a Content-Disposition header suggests, if any. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain parameter */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || null;
}

/** Saves under `filename`, or under the server's suggested name when `preferServerName` is set and one is given. */
export async function downloadToFile(url: string, filename: string, preferServerName = false): Promise<void> {
  const res = await fetch(url, { credentials: 'include' });
  await throwIfNotOk(res);
  const name = (preferServerName && filenameFromDisposition(res.headers.get('content-disposition'))) || filename;
  saveBlob(await res.blob(), name);
}

/** A compressed file keeps the original's name; the spec only logs a failure here. */
export async function downloadJob(job: { compressedPath: string | null; filename: string }): Promise<void> {
  if (!job.compressedPath) return;
  try {
    await downloadToFile(job.compressedPath, job.filename);
  } catch (error) {
    console.error('Download failed', error);
  }
}

export const downloadAllAsZip = (): Promise<void> => downloadToFile('/api/download-all', ZIP_FILENAME);

export const downloadAccountExport = (): Promise<void> => downloadToFile('/api/user/export', 'account-data.json', true);
