// Private mode's parity with the server, measured one way for the browser test and the bench: small crops of corpus
// photos and PNGs, every format at 60/80/90 and in smart and size mode, compressed by the server's codec (the call
// the job worker makes) and by the built client's libvips codec worker on the isolated private page.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { compress as serverCompress } from '#server/codec/index';
import type { OutputFormat, SettingsRequest } from '#contract/settings';
import { corpusPath, REPO_ROOT } from './paths';

/** 8 photos (PNG and JPEG uploads, one with an EXIF orientation) and 4 PNGs (alpha, palette, screenshot, gradients). */
export const PARITY_PHOTOS = [
  ['photos', 'kodim01.png'],
  ['photos', 'kodim03.png'],
  ['photos', 'kodim05.png'],
  ['photos', 'kodim12.png'],
  ['photos', 'kodim20.png'],
  ['photos', 'kodim23.png'],
  ['photos', 'turbo-testorig.jpg'],
  ['photos', 'exif-orient6-landscape.jpg'],
] as const;
export const PARITY_PNGS = [
  ['png', 'sharp-blackbug-alpha.png'],
  ['png', 'squoosh-logo-palette.png'],
  ['png', 'squoosh-ui-screenshot1.png'],
  ['png', 'sharp-gradients-rgb8.png'],
] as const;

const CROP = 160;

export interface ParityUpload {
  name: string;
  bytes: Buffer;
}

/** Each upload: a crop from the middle, in the file's own format (JPEG at 92 keeping its orientation tag; PNG lossless). */
export async function parityUploads(): Promise<ParityUpload[]> {
  return Promise.all(
    [...PARITY_PHOTOS, ...PARITY_PNGS].map(async ([dir, name]) => {
      const source = sharp(fs.readFileSync(corpusPath(dir, name)));
      const { width = 0, height = 0 } = await source.metadata();
      const side = Math.min(CROP, width, height);
      const crop = source.extract({ left: Math.floor((width - side) / 2), top: Math.floor((height - side) / 2), width: side, height: side });
      return { name, bytes: await (name.endsWith('.jpg') ? crop.withMetadata().jpeg({ quality: 92 }) : crop.png()).toBuffer() };
    }),
  );
}

export interface ParityCase {
  /** q60, q80, q90, smart or size. */
  name: string;
  /** As the tool hands settings to private mode's workers (the contract's typed request). */
  settings: SettingsRequest;
}

export function parityCases(format: OutputFormat): ParityCase[] {
  return [
    ...[60, 80, 90].map((q) => ({ name: `q${q}`, settings: { format, type: 'standard', quality: q, mode: 'quality', metadata: 'strip' } as const })),
    { name: 'smart', settings: { format, type: 'standard', quality: 80, mode: 'smart', metadata: 'strip' } },
    // A target well under what quality 80 gives these crops, so the search has to work.
    { name: 'size', settings: { format, type: 'standard', quality: 80, mode: 'size', targetSize: format === 'png' ? 9000 : 3000, metadata: 'strip' } },
  ];
}

export type ParityResult = { sha: string; size: number; seconds: number } | { error: string };

export const parityKey = (upload: ParityUpload, c: ParityCase) => `${upload.name} ${c.name}`;

/** The server's results, by key. */
export async function serverResults(uploads: ParityUpload[], cases: ParityCase[]): Promise<Record<string, ParityResult>> {
  const out: Record<string, ParityResult> = {};
  for (const upload of uploads) {
    for (const c of cases) {
      const { settings } = c;
      const t0 = performance.now();
      const result = await serverCompress(upload.bytes, {
        format: settings.format,
        quality: settings.quality,
        mode: settings.mode,
        metadata: 'strip',
        ...(settings.targetSize && { targetSize: settings.targetSize }),
      });
      out[parityKey(upload, c)] = { sha: createHash('sha256').update(result.data).digest('hex'), size: result.data.length, seconds: (performance.now() - t0) / 1000 };
    }
  }
  return out;
}

/** The built client's libvips codec worker (its name is hashed by the build). */
export function vipsWorkerUrl(): string {
  const assets = path.join(REPO_ROOT, 'dist', 'client', 'assets');
  const file = fs.readdirSync(assets).find((name) => /^vips-codec-worker-.*\.js$/.test(name));
  if (!file) throw new Error('no built libvips codec worker: run npm run build');
  return `/assets/${file}`;
}

/** The private page's results, by key: one libvips codec worker on `page` (which must be the isolated /private). */
export async function browserResults(page: Page, uploads: ParityUpload[], cases: ParityCase[]): Promise<Record<string, ParityResult>> {
  const requests = uploads.flatMap((upload) => cases.map((c) => ({ key: parityKey(upload, c), input: [...upload.bytes], settings: c.settings })));
  return page.evaluate(
    async ({ url, requests }) => {
      const worker = new Worker(url, { type: 'module' });
      const out: Record<string, { sha: string; size: number; seconds: number } | { error: string }> = {};
      let id = 0;
      for (const request of requests) {
        const input = new Uint8Array(request.input).buffer;
        const t0 = performance.now();
        const response = await new Promise<{ ok: boolean; message?: string; outcome?: { result: { data: Uint8Array<ArrayBuffer> } } }>((resolve) => {
          worker.onmessage = (event) => resolve(event.data);
          worker.onerror = (event) => resolve({ ok: false, message: `worker error: ${event.message}` });
          worker.postMessage({ id: ++id, op: 'compress', input, settings: request.settings }, [input]);
        });
        const seconds = (performance.now() - t0) / 1000;
        if (!response.ok) {
          out[request.key] = { error: response.message ?? 'failed' };
          continue;
        }
        const data = response.outcome!.result.data;
        const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', data));
        out[request.key] = { sha: [...digest].map((b) => b.toString(16).padStart(2, '0')).join(''), size: data.length, seconds };
      }
      worker.terminate();
      return out;
    },
    { url: vipsWorkerUrl(), requests },
  );
}
