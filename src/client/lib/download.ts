// Saving server files to disk: fetched as a blob (cookies included) and handed to the browser through a temporary link.
import { outputFilename } from '#contract/settings';
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

/**
 * A compressed file keeps the original's name, with the output format's extension when the format changed
 * ("photo.jpg" saved as AVIF is "photo.avif"); the spec only logs a failure here.
 */
export async function downloadJob(job: { compressedPath: string | null; filename: string; mimeType?: string; outputMimeType?: string | null }): Promise<void> {
  if (!job.compressedPath) return;
  try {
    await downloadToFile(job.compressedPath, outputFilename(job.filename, job.mimeType ?? '', job.outputMimeType ?? null));
  } catch (error) {
    console.error('Download failed', error);
  }
}

export const DOWNLOAD_ALL_URL = '/api/download-all';

/**
 * Download All: the browser fetches the ZIP itself through a plain link and streams it to disk (fetching it into a
 * blob would hold the whole archive in memory). A HEAD request first lets a refusal be reported.
 */
export async function downloadAllAsZip(): Promise<void> {
  await throwIfNotOk(await fetch(DOWNLOAD_ALL_URL, { method: 'HEAD', credentials: 'include' }));
  const a = document.createElement('a');
  a.href = DOWNLOAD_ALL_URL;
  a.download = ZIP_FILENAME;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export const downloadAccountExport = (): Promise<void> => downloadToFile('/api/user/export', 'account-data.json', true);
