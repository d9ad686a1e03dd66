// HEIC uploads through real HTTP: taken by default, converted to JPEG for `original` with the card's note, any other
// format on request, a damaged HEIC failing its job with a clear message, and refused when HEIC_INPUT is off.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { CompressResponse, Job } from '#contract/api';
import { HttpClient } from '../support/http-client';
import { heicFrom, withIrot } from '../support/heic';
import { waitForSettled } from '../support/jobs';
import { corpusPath } from '../support/paths';
import { useServer } from '../support/server';
import { HEIF_ENC_MISSING } from '../support/system-tools';

const heic = () => heicFrom(corpusPath('photos', 'kodim23.png'), 80); // 768×512

async function uploadOne(client: HttpClient, name: string, data: Buffer, fields: Record<string, string> = {}): Promise<Job> {
  const res = await client.upload([{ name, data }], fields);
  expect(res.status, await res.clone().text()).toBe(201);
  const [job] = await waitForSettled(client);
  return job!;
}

describe.skipIf(HEIF_ENC_MISSING)(`HEIC uploads (HEIC_INPUT on, the default)${HEIF_ENC_MISSING ? ` (skipped: ${HEIF_ENC_MISSING})` : ''}`, () => {
  const server = useServer();

  it('original format: a JPEG named .jpg, upright, and the job says why it is not HEIC', async () => {
    const client = new HttpClient(server.url);
    const job = await uploadOne(client, 'IMG_0001.HEIC', withIrot(heic(), 1));
    expect(job.status, job.error ?? '').toBe('completed');
    expect(job.mimeType).toBe('image/heic');
    expect(job.outputMimeType).toBe('image/jpeg');
    expect(job.formatNote).toBe('HEIC converted to JPEG: browsers other than Safari cannot show HEIC');
    expect([job.originalWidth, job.originalHeight, job.compressedWidth, job.compressedHeight]).toEqual([512, 768, 512, 768]);
    const res = await client.get(job.compressedPath!);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-disposition')).toContain('IMG_0001.jpg');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe('jpeg');
    const preview = await client.get(job.previewPath!);
    expect(preview.status).toBe(200);
    const { width, height } = await sharp(Buffer.from(await preview.arrayBuffer())).metadata();
    expect(width! < height!).toBe(true);
  });

  it('a chosen format is made as asked, with no note', async () => {
    const client = new HttpClient(server.url);
    const job = await uploadOne(client, 'photo.heic', heic(), { format: 'avif' });
    expect(job.status, job.error ?? '').toBe('completed');
    expect(job.outputMimeType).toBe('image/avif');
    expect(job.formatNote).toBeNull();
  });

  it('a damaged HEIC fails its job with a message saying so, and the server stays well', async () => {
    const client = new HttpClient(server.url);
    const whole = heic();
    const job = await uploadOne(client, 'cut.heic', whole.subarray(0, Math.floor(whole.length * 0.6)));
    expect(job.status).toBe('error');
    expect(job.error).toBe('The image file is damaged or incomplete and could not be decoded');
    const next = await uploadOne(new HttpClient(server.url), 'fine.heic', heic());
    expect(next.status, next.error ?? '').toBe('completed');
  });
});

describe.skipIf(HEIF_ENC_MISSING)(`HEIC uploads with HEIC_INPUT=off${HEIF_ENC_MISSING ? ` (skipped: ${HEIF_ENC_MISSING})` : ''}`, () => {
  const server = useServer({ env: { HEIC_INPUT: 'off' } });

  it('refuses HEIC with 415 and a message naming it, and lists only the types taken for others', async () => {
    const client = new HttpClient(server.url);
    const res = await client.upload([{ name: 'IMG_0001.heic', data: heic() }]);
    expect(res.status).toBe(415);
    const body = (await res.json()) as CompressResponse & { code: string };
    expect(body.code).toBe('UNSUPPORTED_TYPE');
    expect(body.rejected).toEqual([
      { filename: 'IMG_0001.heic', message: 'HEIC images are not accepted on this server; please upload a JPEG, PNG, WebP, AVIF, JPEG XL or GIF image', code: 'UNSUPPORTED_TYPE' },
    ]);
    const other = await client.upload([{ name: 'notes.jpg', data: Buffer.from('plain text, not an image at all') }]);
    expect(((await other.json()) as { message: string }).message).toBe('File type must be one of image/jpeg, image/png, image/webp, image/avif, image/jxl, image/gif, image/svg+xml');
  });
});
