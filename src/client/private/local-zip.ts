// Download All in private mode: the finished results as one ZIP built in this tab (stored, not deflated: the
// images are compressed already), with the names the single downloads get, made unique.
import { downloadZip } from 'client-zip';
import { outputFilename } from '#contract/settings';
import type { Job } from '#contract/api';

/** "photo.jpg", "photo.jpg" -> "photo.jpg", "photo (2).jpg". */
export function uniqueNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = (seen.get(name.toLowerCase()) ?? 0) + 1;
    seen.set(name.toLowerCase(), count);
    if (count === 1) return name;
    const dot = name.lastIndexOf('.');
    return dot > 0 ? `${name.slice(0, dot)} (${count})${name.slice(dot)}` : `${name} (${count})`;
  });
}

export async function zipResults(results: readonly { job: Job; blob: Blob }[]): Promise<Blob> {
  const names = uniqueNames(results.map(({ job }) => outputFilename(job.filename, job.mimeType, job.outputMimeType)));
  const files = results.map(({ job, blob }, i) => ({ name: names[i]!, input: blob, lastModified: new Date(job.completedAt ?? Date.now()) }));
  return downloadZip(files).blob();
}
