// What Tinify's answers say of a finished job (its output's type, name, size, dimensions and note), read from the
// job here so that the HTTP layer sees these facts and never the job's stored row.
import { outputFilename } from '#contract/settings';
import type { TinifyShrinkResponse } from '#contract/tinify';
import type { JobRow } from '#server/db/schema';
import { toJobJson } from '#server/jobs/job-json';

export interface TinifyOutputFacts {
  mimeType: string;
  /** The name a download of it carries. */
  filename: string;
  width: number;
  height: number;
  /**
   * The job's note (why the result differs from the upload: a format changed, frames or a conversion, 0515, 0585),
   * for a door that has no job to read it from. Headers carry ASCII only; the notes are written in it.
   */
  note: string | undefined;
}

export function outputFactsOf(job: JobRow): TinifyOutputFacts {
  const mimeType = job.output_mime_type ?? job.mime_type;
  return {
    mimeType,
    filename: outputFilename(job.filename, job.mime_type, mimeType),
    width: job.compressed_width ?? job.original_width ?? 0,
    height: job.compressed_height ?? job.original_height ?? 0,
    note: toJobJson(job).formatNote?.replace(/[^\x20-\x7e]/g, '?') ?? undefined,
  };
}

/** `/shrink`'s answer for the job, its output at `url`. */
export function shrinkResponse(job: JobRow, url: string): TinifyShrinkResponse {
  const facts = outputFactsOf(job);
  const size = job.compressed_size ?? job.original_size;
  return {
    input: { size: job.original_size, type: job.mime_type },
    output: {
      size,
      type: facts.mimeType,
      width: facts.width,
      height: facts.height,
      ratio: Math.round((size / job.original_size) * 10_000) / 10_000,
      url,
      ...(facts.note && { note: facts.note }),
    },
  };
}
