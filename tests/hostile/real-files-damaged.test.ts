// Real files made by others (tests/fixtures/real/), cut short as an interrupted download leaves them, through the
// web API: each is refused at upload or its job fails with a message that names what is wrong (never "unexpected",
// never a 5xx), and the server goes on taking work. Every kind of upload the contract accepts is in the corpus, so
// every decoder meets a truncated file of its own format.
import { describe, expect, it } from 'vitest';
import type { CompressResponse, Job } from '#contract/api';
import { HttpClient } from '../support/http-client';
import { waitFor } from '../support/jobs';
import { REAL_FILES, readReal } from '../support/real-corpus';
import { useServer } from '../support/server';

const MIME_OF_EXTENSION: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif', heic: 'image/heic', heif: 'image/heif', jxl: 'image/jxl', gif: 'image/gif', svg: 'image/svg+xml' };

describe('real files cut short', () => {
  const server = useServer();

  it.each(REAL_FILES.map((f) => [f.file]))('%s cut at half its length: refused or failed with the cause named, and the server still works', async (file) => {
    const client = new HttpClient(server.url);
    const whole = readReal(file);
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    const type = MIME_OF_EXTENSION[file.split('.').pop()!]!;
    const res = await client.upload([{ name: file, data: cut, type }]);
    expect(res.status, `${file}: ${await res.clone().text()}`).toBeLessThan(500);
    const body = (await res.json()) as Partial<CompressResponse> & { message?: string; rejected?: { message: string }[] };
    if (res.status !== 201 || body.rejected?.length) {
      const message = body.rejected?.[0]?.message ?? body.message ?? '';
      expect(message, `${file}: the refusal names no cause`).toMatch(/\w{4,}/);
      expect(message).not.toMatch(/unexpected/i);
    } else {
      const id = body.jobs![0]!.id;
      const job = await waitFor(async () => {
        const j = (await (await client.get(`/api/jobs/${id}?wait=30`)).json()) as Job;
        return j.status === 'completed' || j.status === 'error' ? j : undefined;
      }, 300_000, `${file}'s job to finish`);
      // A cut file may still hold a whole picture (a progressive JPEG's first scans, an animation's first frames):
      // then a result is fine. A failure must say what was wrong.
      if (job.status === 'error') expect(job.error, `${file}: ${job.error}`).not.toMatch(/unexpected/i);
    }
    // The next upload, a whole file, still goes through.
    const next = await client.upload([{ name: 'whole.png', data: readReal('png-rgba.png'), type: 'image/png' }]);
    expect(next.status).toBe(201);
  });
});
