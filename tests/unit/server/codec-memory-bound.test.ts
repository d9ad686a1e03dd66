// A busy codec process is held to its memory bound from outside: past it, the process is killed and the job fails
// with a message (not a crash, not a retry), and the next request gets a sound process.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CodecPool } from '#server/sandbox/codec-pool';
import type { CodecRequest } from '#server/sandbox/protocol';
import { CodecError } from '#server/codec/index';
import { corpusPath } from '../../support/paths';

describe('codec process memory bound', { timeout: 180_000 }, () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'codec-memory-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
  let n = 0;
  const request = (input: string): CodecRequest => ({
    inputPath: input,
    outputPath: path.join(tmp, `out-${++n}`),
    quality: 80,
    maxPixels: 100_000_000,
    timeoutSeconds: 120,
  });

  it('fails a compression that goes over the bound, without a crash report, and serves the next request', async () => {
    const crashes: string[] = [];
    // A loaded codec process sits near 100 MB; decoding and encoding a 16-megapixel photo takes it past 150 MB.
    const pool = new CodecPool({ size: 1, maxRssBytes: 150 * 1024 ** 2, onCrash: ({ detail }) => crashes.push(detail) });
    try {
      const err = await pool.compressFile(request(corpusPath('photos', 'lepton-slrhills.jpg'))).then(() => null, (e: unknown) => e);
      expect(err).toBeInstanceOf(CodecError);
      expect((err as CodecError).kind).toBe('too-many-pixels');
      expect((err as CodecError).message).toMatch(/more than the 150 MB of memory/);
      const small = await pool.compressFile(request(corpusPath('photos', 'turbo-testorig.jpg')));
      expect(small.output.format).toBe('jpeg');
      expect(crashes).toEqual([]);
    } finally {
      await pool.close();
    }
  });
});
