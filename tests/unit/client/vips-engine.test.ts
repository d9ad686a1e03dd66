// The private page's libvips engine (src/client/private/vips) is the sharp engine step for step: run here in Node
// with the same WebAssembly the page loads (wasm-vips's Node build), against the server's sharp engine, through the
// codec core, on uploads that take each step (a PNG photo, a 4:2:0 JPEG, an EXIF-rotated JPEG, a PNG with alpha,
// a screenshot, a resize). The server's own oxipng stands in for the browser's, so PNG is held to the same bytes too.
import fs from 'node:fs';
import path from 'node:path';
import { losslessCompressPng, PngRowFilter } from '@napi-rs/image';
import sharp from 'sharp';
import Vips from 'wasm-vips';
import { beforeAll, describe, expect, it } from 'vitest';
import { compress, type CodecSettings } from '#codec-core/index';
import { compressSettingsSchema, withoutType } from '#contract/settings-schema';
import { sharpEngine } from '#server/codec/engine/sharp-engine';
import { sharp as serverSharp } from '#server/codec/sharp-setup';
import type { ImageFormat } from '#contract/settings';
import { stripForPassOn, stripPng } from '#codec-core/index';

/** Private mode removes metadata (the server's `strip` policy), by the core's one rule. */
const passOnStripped = (input: Uint8Array, format: ImageFormat) => stripForPassOn(input, format, 'strip');
import { createVipsEngine, needsHeif } from '#client/private/vips/vips-engine.ts';
import { AVIF_THREADS } from '#client/private/vips/vips-encoders.ts';
import type { Vips as VipsInstance } from '#client/private/vips/vips-ops.ts';
import { WASM_VIPS_VERSION } from '#client/private/vips/wasm-vips-files.ts';
import { threadsPerWorker, workerCount } from '#client/private/cores.ts';
import { corpusPath, REPO_ROOT } from '../../support/paths';

const LIMITS = { maxPixels: 100_000_000, timeoutSeconds: 120 };

let vips: VipsInstance;
let engine: ReturnType<typeof createVipsEngine>;

beforeAll(async () => {
  vips = await Vips({ dynamicLibraries: ['vips-heif.wasm'] });
  vips.concurrency(2);
  engine = createVipsEngine({
    load: async () => vips,
    oxipng: async (png, palette) =>
      new Uint8Array(await losslessCompressPng(Buffer.from(png), { force: true, ...(palette ? { filter: [PngRowFilter.None, PngRowFilter.Sub] } : {}) })),
    passOn: passOnStripped,
    stripPng,
  });
}, 60_000);

const settingsOf = (fields: Record<string, string>): CodecSettings => withoutType(compressSettingsSchema.parse({ metadata: 'strip', ...fields })) as CodecSettings;

/** A crop of a corpus file, in its own format (a JPEG keeps its EXIF orientation and 4:2:0). */
async function crop(dir: string, name: string, side = 128): Promise<Buffer> {
  const source = sharp(fs.readFileSync(corpusPath(dir, name)));
  const { width = 0, height = 0 } = await source.metadata();
  // Not square, so that a turned image's sides swap.
  const w = Math.min(side, width);
  const h = Math.min(side + 32, height);
  const cropped = source.extract({ left: Math.floor((width - w) / 2), top: Math.floor((height - h) / 2), width: w, height: h });
  return name.endsWith('.jpg') ? cropped.withMetadata().jpeg({ quality: 92 }).toBuffer() : cropped.png().toBuffer();
}

async function bothEngines(input: Buffer, fields: Record<string, string>) {
  const settings = settingsOf(fields);
  const server = await compress(sharpEngine, input, settings, LIMITS);
  const browser = await compress(engine, new Uint8Array(input), settings, LIMITS);
  return { server: Buffer.from(server.data), browser: Buffer.from(browser.data) };
}

describe('the libvips engine gives the sharp engine’s bytes', () => {
  const uploads = [
    ['photos', 'kodim23.png'],
    ['photos', 'turbo-testorig.jpg'],
    ['photos', 'exif-orient6-landscape.jpg'],
    ['png', 'sharp-blackbug-alpha.png'],
    ['png', 'squoosh-ui-screenshot1.png'], // sharp colour edges: JPEG keeps full-resolution chroma
  ] as const;

  it.each(['jpeg', 'webp', 'avif', 'png'])('%s at quality 80, and resized to 96 wide', async (format) => {
    for (const [dir, name] of uploads) {
      const input = await crop(dir, name);
      const at80 = await bothEngines(input, { format, quality: '80' });
      expect(at80.browser.equals(at80.server), `${name}: ${at80.browser.length} B against ${at80.server.length} B`).toBe(true);
      const resized = await bothEngines(input, { format, quality: '80', maxWidth: '96' });
      expect(resized.browser.equals(resized.server), `${name} resized: ${resized.browser.length} B against ${resized.server.length} B`).toBe(true);
    }
  }, 240_000);

  it('in smart mode', async () => {
    const input = await crop('photos', 'kodim23.png');
    for (const format of ['jpeg', 'webp', 'avif']) {
      const smart = await bothEngines(input, { format, quality: '80', mode: 'smart' });
      expect(smart.browser.equals(smart.server), `${format}: ${smart.browser.length} B against ${smart.server.length} B`).toBe(true);
    }
  }, 240_000);

  it('refuses what the server refuses, with the same error', async () => {
    const truncated = fs.readFileSync(corpusPath('bad', 'gen-truncated-50pct.jpg'));
    const settings = settingsOf({ format: 'jpeg', quality: '80' });
    const server = await compress(sharpEngine, truncated, settings, LIMITS).catch((error: Error) => error.message);
    const browser = await compress(engine, new Uint8Array(truncated), settings, LIMITS).catch((error: Error) => error.message);
    expect(typeof browser).toBe('string');
    expect(browser).toBe(server);
  }, 60_000);
});

describe('what the page loads', () => {
  it('loads libheif only when a file is AVIF or may become one', () => {
    expect(needsHeif('jpeg', { format: 'webp' })).toBe(false);
    expect(needsHeif('jpeg', { format: 'original' })).toBe(false);
    expect(needsHeif('avif', { format: 'jpeg' })).toBe(true);
    expect(needsHeif('png', { format: 'avif' })).toBe(true);
    expect(needsHeif('png', { format: 'auto', formats: ['webp', 'avif'] })).toBe(true);
    expect(needsHeif('png', { format: 'auto', formats: ['jpeg', 'webp'] })).toBe(false);
  });

  it('names the installed wasm-vips version (the folder the build copies it into)', () => {
    const installed = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'node_modules', 'wasm-vips', 'package.json'), 'utf8')) as { version: string };
    expect(WASM_VIPS_VERSION).toBe(installed.version);
  });

  it('leaves a core to the page: workers and their libvips threads share the rest', () => {
    const budget = (cores: number) => [workerCount(cores), threadsPerWorker(cores)];
    expect([2, 4, 8, 16].map(budget)).toEqual([
      [1, 1],
      [2, 1],
      [2, 3],
      [2, 7],
    ]);
  });

  it('pins AVIF to the server’s one libvips thread on both sides (docs/decisions/0561)', () => {
    expect(serverSharp.concurrency()).toBe(1);
    expect(AVIF_THREADS).toBe(serverSharp.concurrency());
  });
});
