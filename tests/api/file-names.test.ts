// File names end to end: sent as a browser sends them (FormData escapes `"` as %22), stored, listed, carried in the
// download's Content-Disposition and in the ZIP's entry names, without losing or breaking a character.
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server';
import { HttpClient, fileFrom } from '../support/http-client';
import { corpusPath } from '../support/paths';
import { waitForSettled } from '../support/jobs';

const EMOJI_NAME = `a${'\u{1F600}'.repeat(1000)}.jpg`;
const QUOTE_NAME = `"double" and 'single' quotes.jpg`;
const isWellFormed = (s: string) => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|\uFFFD/.test(s);

/** Entry names of a ZIP, read from its central directory as UTF-8 (strictly: bad bytes throw). */
function zipEntryNames(zip: Buffer): string[] {
  let eocd = zip.length - 22;
  while (eocd >= 0 && zip.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  if (eocd < 0) throw new Error('not a ZIP');
  const names: string[] = [];
  let p = zip.readUInt32LE(eocd + 16);
  for (let i = 0; i < zip.readUInt16LE(eocd + 10); i++) {
    const [n, m, k] = [zip.readUInt16LE(p + 28), zip.readUInt16LE(p + 30), zip.readUInt16LE(p + 32)];
    names.push(new TextDecoder('utf-8', { fatal: true }).decode(zip.subarray(p + 46, p + 46 + n)));
    p += 46 + n + m + k;
  }
  return names;
}

/** The name a browser saves a download under: the RFC 5987 `filename*` when present. */
function downloadName(contentDisposition: string): string {
  const star = /filename\*=UTF-8''([^;]+)/.exec(contentDisposition);
  if (!star) throw new Error(`no filename* in ${contentDisposition}`);
  return decodeURIComponent(star[1]!);
}

describe('file names', () => {
  const server = useServer();

  it('keeps emoji whole and quotes as typed, in the list, the download and the ZIP', async () => {
    const c = new HttpClient(server.url);
    const photo = fileFrom(corpusPath('photos', 'kodim03.png')).data;
    const res = await c.upload([
      { name: EMOJI_NAME.replace('.jpg', '.png'), data: photo },
      { name: QUOTE_NAME.replace('.jpg', '.png'), data: photo },
    ]);
    expect(res.status).toBe(201);
    const jobs = await waitForSettled(c);
    const emoji = jobs.find((j) => j.filename.startsWith('a'))!;
    const quoted = jobs.find((j) => j.filename.includes('double'))!;

    expect(isWellFormed(emoji.filename)).toBe(true);
    expect(emoji.filename.length).toBeLessThanOrEqual(200);
    expect(emoji.filename).toMatch(/^a(\u{1F600})+\.png$/u);
    expect(quoted.filename).toBe(`"double" and 'single' quotes.png`);

    for (const job of [emoji, quoted]) {
      const download = await c.get(job.compressedPath!);
      expect(download.status).toBe(200);
      expect(downloadName(download.headers.get('content-disposition')!)).toBe(job.filename);
      await download.arrayBuffer();
    }

    const zip = await c.get('/api/download-all');
    expect(zip.status).toBe(200);
    const entries = zipEntryNames(Buffer.from(await zip.arrayBuffer()));
    expect(entries.sort()).toEqual([emoji.filename, `_double_ and 'single' quotes.png`].sort());
  });
});
