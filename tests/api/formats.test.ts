// Output formats through real HTTP: every `format` value, Auto's choice among displayable candidates, transparency
// flattened onto the chosen background, WebP/AVIF inputs, download names and types, ZIP names, and bad settings.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';
import { HttpClient, fileFrom, type UploadFile } from '../support/http-client';
import { corpusPath } from '../support/paths';
import { lutDisplayProfile, withPngProfile } from '../support/icc-profiles';
import { listJobs, waitForSettled } from '../support/jobs';
import type { CompressResponse, Job } from '#contract/api';

type Format = 'jpeg' | 'png' | 'webp' | 'avif' | 'jxl';

/** What the bytes are, by their magic numbers (independent of the server's own sniffing code). */
function magicFormat(b: Buffer): Format | 'unknown' {
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (b.toString('latin1', 4, 8) === 'ftyp' && b.toString('latin1', 8, 12) === 'avif') return 'avif';
  return 'unknown';
}

const MIME: Record<Format, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif', jxl: 'image/jxl' };
const EXT: Record<Format, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif', jxl: 'jxl' };

/** 96×64: the left half fully transparent, the right half an opaque colour gradient (so nothing is a flat palette). */
async function transparentPng(): Promise<Buffer> {
  const width = 96;
  const height = 64;
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      data[p] = 200 + (x % 40);
      data[p + 1] = 40 + y;
      data[p + 2] = 30 + ((x * y) % 50);
      data[p + 3] = x < width / 2 ? 0 : 255;
    }
  }
  return sharp(data, { raw: { width, height, channels: 4 } }).png().toBuffer();
}

const photo = () => fileFrom(corpusPath('photos', 'turbo-testorig.jpg'), 'photo.jpg'); // 227×149
const filenameOf = (res: Response) => /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];

async function download(client: HttpClient, job: Job): Promise<{ res: Response; bytes: Buffer }> {
  const res = await client.get(job.compressedPath!);
  expect(res.status).toBe(200);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function uploadAndSettle(client: HttpClient, files: UploadFile[], fields: Record<string, string>): Promise<Job[]> {
  const res = await client.upload(files, fields);
  expect(res.status, await res.clone().text()).toBe(201);
  const jobs = await waitForSettled(client);
  for (const job of jobs) expect(job.status, job.error ?? '').toBe('completed');
  return jobs;
}

describe('output formats', () => {
  let server: TestServer;
  let logo: UploadFile;

  beforeAll(async () => {
    server = await startServer();
    logo = { name: 'logo.png', data: await transparentPng() };
  });
  afterAll(async () => {
    await server.stop();
    server.cleanup();
  });

  it.each(['jpeg', 'png', 'webp', 'avif'] as const)('format=%s: bytes, MIME type, Content-Type and extension all match', async (format) => {
    const client = new HttpClient(server.url);
    const jobs = await uploadAndSettle(client, [photo(), logo], { format });
    for (const job of jobs) {
      expect(job.outputFormat).toBe(format);
      expect(job.mimeType).toBe(job.filename === 'photo.jpg' ? 'image/jpeg' : 'image/png');
      // A conversion larger than the upload gives the upload in its own format, and the note says so (0585).
      const got = job.outputMimeType === MIME[format] ? format : job.mimeType === 'image/jpeg' ? 'jpeg' : 'png';
      if (got !== format) expect(job.formatNote).toMatch(new RegExp(`the size of the ${got === 'jpeg' ? 'JPEG' : 'PNG'} upload, so the upload is returned as|larger than the ${got === 'jpeg' ? 'JPEG' : 'PNG'} upload, so the upload is returned as`));
      expect(job.outputMimeType).toBe(MIME[got]);
      const { res, bytes } = await download(client, job);
      expect(magicFormat(bytes)).toBe(got);
      expect(res.headers.get('content-type')).toBe(MIME[got]);
      expect(filenameOf(res)).toBe(`${job.filename.replace(/\.[a-z]+$/, '')}.${EXT[got]}`);
      expect(bytes.length).toBe(job.compressedSize);
    }
    // Transparency survives wherever the format has it, and only JPEG output says it was flattened.
    const logoJob = jobs.find((j) => j.filename === 'logo.png')!;
    expect(logoJob.flattenedOnto).toBe(format === 'jpeg' ? '#ffffff' : null);
    const meta = await sharp((await download(client, logoJob)).bytes).metadata();
    expect(meta.hasAlpha).toBe(format !== 'jpeg');
    // The original-preview stays the upload: its own type and name.
    const preview = await client.get(`/api/jobs/${logoJob.id}/original-preview`);
    expect(preview.headers.get('content-type')).toBe('image/png');
    expect(filenameOf(preview)).toBe('logo.png');
  });

  it('converts an ICC v4 profile with a perceptual preference table by its colorimetric table, in the codec processes', async () => {
    const client = new HttpClient(server.url);
    // A flat red patch in a profile whose colorimetric table is sRGB and whose perceptual one desaturates
    // (the sRGB v4 "preference" kind): converted with the relative intent it stays (220, 30, 30).
    const red = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 220, g: 30, b: 30 } } }).png().toBuffer();
    const upload = { name: 'v4-preference.png', data: withPngProfile(red, lutDisplayProfile()) };
    const [job] = await uploadAndSettle(client, [upload], { format: 'webp', quality: '90' });
    const { channels } = await sharp((await download(client, job!)).bytes).stats();
    const [r, g, b] = channels.map((c) => c.mean);
    expect(Math.abs(r! - 220) + Math.abs(g! - 30) + Math.abs(b! - 30)).toBeLessThan(8);
  });

  it('format=original (the default) keeps each upload\'s format and name', async () => {
    const client = new HttpClient(server.url);
    const jobs = await uploadAndSettle(client, [photo(), logo], {});
    for (const job of jobs) {
      expect(job.outputFormat).toBe('original');
      expect(job.outputMimeType).toBe(job.mimeType);
      const { res, bytes } = await download(client, job);
      expect(res.headers.get('content-type')).toBe(job.mimeType);
      expect(filenameOf(res)).toBe(job.filename);
      expect(magicFormat(bytes)).toBe(job.mimeType === 'image/png' ? 'png' : 'jpeg');
      expect(job.formatDecision).toBeNull();
    }
  });

  it('flattens transparency onto the chosen background for JPEG and records the colour', async () => {
    const client = new HttpClient(server.url);
    const [job] = await uploadAndSettle(client, [logo], { format: 'jpeg', background: '#36c' });
    expect(job!.flattenedOnto).toBe('#3366cc');
    const { data, info } = await sharp((await download(client, job!)).bytes).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(3);
    // A pixel well inside the transparent half (away from JPEG's block edges with the opaque half).
    const p = (20 * info.width + 10) * 3;
    const [r, g, b] = [data[p]!, data[p + 1]!, data[p + 2]!];
    expect(Math.abs(r - 0x33) + Math.abs(g - 0x66) + Math.abs(b - 0xcc)).toBeLessThan(12);
  });

  it('format=auto keeps the smallest candidate, the original included, and says why', async () => {
    const client = new HttpClient(server.url);
    const jobs = await uploadAndSettle(client, [photo(), logo], { format: 'auto' });
    for (const job of jobs) {
      const decision = job.formatDecision!;
      expect(decision).not.toBeNull();
      const smallest = Math.min(...decision.candidates.map((c) => c.bytes));
      expect(job.compressedSize).toBe(smallest);
      expect(job.compressedSize).toBeLessThanOrEqual(job.originalSize);
      expect(job.outputMimeType).toBe(MIME[decision.winner]);
      expect(decision.candidates.some((c) => c.original)).toBe(true);
      const { res, bytes } = await download(client, job);
      expect(magicFormat(bytes)).toBe(decision.winner);
      expect(res.headers.get('content-type')).toBe(MIME[decision.winner]);
    }
    // JPEG would lose the logo's transparency: it is not a candidate for it.
    const logoDecision = jobs.find((j) => j.filename === 'logo.png')!.formatDecision!;
    expect(logoDecision.candidates.map((c) => c.format)).not.toContain('jpeg');
    expect(logoDecision.skipped).toContainEqual({ format: 'jpeg', reason: expect.stringMatching(/transparency/) });
  });

  it('format=auto with formats=jpeg,png never answers with a format the viewer cannot display', async () => {
    const client = new HttpClient(server.url);
    const jobs = await uploadAndSettle(client, [photo(), logo], { format: 'auto', formats: 'jpeg,png' });
    for (const job of jobs) {
      expect(['image/jpeg', 'image/png']).toContain(job.outputMimeType);
      for (const c of job.formatDecision!.candidates) expect(['jpeg', 'png']).toContain(c.format);
      expect(magicFormat((await download(client, job)).bytes)).toMatch(/^(jpeg|png)$/);
    }
    // Converting the photo to a PNG is never smaller; the JPEG (ours or the original) wins.
    expect(jobs.find((j) => j.filename === 'photo.jpg')!.outputMimeType).toBe('image/jpeg');
    expect(jobs.find((j) => j.filename === 'logo.png')!.outputMimeType).toBe('image/png');
  });

  // HEIC uploads have their own file (heic.test.ts).
  it('takes WebP and AVIF uploads', async () => {
    const client = new HttpClient(server.url);
    const pixels = sharp(corpusPath('photos', 'turbo-testorig.jpg'));
    const webp: UploadFile = { name: 'in.webp', data: await pixels.clone().webp({ quality: 95 }).toBuffer(), type: 'image/webp' };
    const avif: UploadFile = { name: 'in.avif', data: await pixels.clone().avif({ quality: 90 }).toBuffer(), type: 'image/avif' };
    const res = await client.upload([webp, avif], {});
    expect(res.status).toBe(201);
    const body = (await res.json()) as CompressResponse;
    expect(body.rejected).toEqual([]);
    expect(body.jobs.map((j) => j.mimeType).sort()).toEqual(['image/avif', 'image/webp']);
    const jobs = await waitForSettled(client);
    for (const job of jobs) {
      expect(job.status).toBe('completed');
      expect(job.outputMimeType).toBe(job.mimeType);
      expect(magicFormat((await download(client, job)).bytes)).toBe(job.mimeType === 'image/avif' ? 'avif' : 'webp');
      expect(job.compressedSize).toBeLessThanOrEqual(job.originalSize);
    }
  });

  it('names ZIP entries with the output extension, unique after the change', async () => {
    const client = new HttpClient(server.url);
    const asPng: UploadFile = { name: 'photo.png', data: await sharp(photo().data).png().toBuffer() };
    await uploadAndSettle(client, [photo(), asPng, logo], { format: 'webp' });
    const res = await client.get('/api/download-all');
    expect(res.status).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-'));
    try {
      const zipFile = path.join(dir, 'all.zip');
      fs.writeFileSync(zipFile, Buffer.from(await res.arrayBuffer()));
      const names = execFileSync('unzip', ['-Z1', zipFile]).toString().trim().split('\n').sort();
      expect(names).toEqual(['logo.webp', 'photo (2).webp', 'photo.webp']);
      execFileSync('unzip', ['-q', zipFile, '-d', path.join(dir, 'out')]);
      for (const name of names) expect(magicFormat(fs.readFileSync(path.join(dir, 'out', name)))).toBe('webp');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['format', { format: 'gif' }],
    ['format', { format: '' }],
    ['background', { format: 'jpeg', background: 'not-a-colour' }],
    ['background', { background: '#12345' }],
    ['formats', { format: 'auto', formats: 'avif,gif' }],
    ['formats', { format: 'auto', formats: ',' }],
  ])('a bad %s is a 400 naming the field, and nothing is kept', async (field, fields) => {
    const client = new HttpClient(server.url);
    const res = await client.upload([photo()], fields);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; code: string; field: string };
    expect(body.field).toBe(field);
    expect(body.code).toBe('INVALID_SETTINGS');
    expect(body.message.toLowerCase()).toContain(field);
    expect(await listJobs(client)).toEqual([]);
  });
});
