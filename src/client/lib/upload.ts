// A multipart POST that reports how many bytes have been sent: fetch() cannot observe an upload's progress, so
// uploads go through XMLHttpRequest. Errors are the same as apiRequest's (ApiRequestError for an HTTP error, a
// TypeError for a network failure), so callers handle both paths alike.
import { ApiRequestError } from './api';

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  loaded: number;
  /** Bytes of the whole request body. */
  total: number;
}

export function postFormWithProgress<T>(url: string, form: FormData, onProgress: (progress: UploadProgress) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      const text = xhr.responseText;
      if (xhr.status < 200 || xhr.status >= 300) {
        const body = text || xhr.statusText;
        reject(new ApiRequestError(xhr.status, body, `${xhr.status}: ${body}`));
        return;
      }
      try {
        resolve(JSON.parse(text) as T);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.onabort = () => reject(new TypeError('The upload was cancelled'));
    xhr.send(form);
  });
}

/** Percent sent and, once a second of sending gives a rate to go by, the seconds left at that rate. */
export function describeProgress(progress: UploadProgress, elapsedMs: number): { percent: number; secondsLeft: number | null } {
  const percent = progress.total > 0 ? Math.min(100, Math.floor((progress.loaded / progress.total) * 100)) : 0;
  if (elapsedMs < 1000 || progress.loaded <= 0) return { percent, secondsLeft: null };
  const bytesPerMs = progress.loaded / elapsedMs;
  return { percent, secondsLeft: Math.max(0, Math.ceil((progress.total - progress.loaded) / bytesPerMs / 1000)) };
}
