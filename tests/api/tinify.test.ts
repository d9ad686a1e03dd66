// The official `tinify` npm client, pointed at our server over TLS (a certificate made by the test), round-trips
// compress from file and buffer, resize, convert and preserve; errors come back as Tinify's types and statuses.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../support/server';
import { corpusPath } from '../support/paths';
import { realFilePath } from '../support/real-files';
import { createKey, signedInUser, uploadWithKey } from '../support/api-keys';
import { startTlsProxy, type TlsProxy } from '../support/tls-proxy';
import { preservedExif } from '#server/codec/metadata/exif-preserve';
import { withPngText } from '#server/codec/metadata/png-text';
import type { Job } from '#contract/api';

// The official client (a devDependency). Imported by a computed name so the typecheck of a checkout whose
// node_modules predates it still passes; the parts used here are typed below.
interface TinifySource {
  toFile(path: string): Promise<void>;
  toBuffer(): Promise<Uint8Array>;
  result(): TinifyResult;
  resize(options: { method: string; width?: number; height?: number }): TinifySource;
  convert(options: { type: string | string[] }): TinifySource;
  preserve(...fields: string[]): TinifySource;
}
interface TinifyResult {
  width(): Promise<number>;
  height(): Promise<number>;
  mediaType(): Promise<string>;
  toBuffer(): Promise<Uint8Array>;
}
interface Tinify {
  key: string;
  compressionCount?: number;
  Client: { API_ENDPOINT: string; CA_BUNDLE: string; RETRY_COUNT: number };
  AccountError: unknown;
  ClientError: unknown;
  fromFile(path: string): TinifySource;
  fromBuffer(data: Uint8Array): TinifySource;
  fromUrl(url: string): TinifySource;
  validate(): Promise<void>;
}
const TINIFY_MODULE = 'tinify';
const tinify = ((await import(TINIFY_MODULE)) as { default: Tinify }).default;
// The client's endpoint and CA bundle are static fields (lib/tinify/Client.js); tests may set them.
const Client = tinify.Client;

describe('Tinify-compatible endpoints with the official client', () => {
  const server = useServer({ env: { TRUST_PROXY: '127.0.0.1' } });
  let proxy: TlsProxy;
  let key: string;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tinify-test-'));
  let user: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    proxy = await startTlsProxy(server.port);
    Client.API_ENDPOINT = proxy.url;
    Client.CA_BUNDLE = proxy.ca;
    Client.RETRY_COUNT = 0;
    user = await signedInUser(server.url, 'tinify');
    key = (await createKey(user, 'tinify')).key;
    tinify.key = key;
  });
  afterAll(async () => {
    await proxy?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('compresses from a file and from a buffer; the job is in the user history', async () => {
    const input = corpusPath('photos', 'kodim03.png');
    const out = path.join(tmp, 'from-file.png');
    await tinify.fromFile(input).toFile(out);
    expect(fs.statSync(out).size).toBeLessThan(fs.statSync(input).size);
    expect((await sharp(out).metadata()).format).toBe('png');
    expect(tinify.compressionCount).toBe(1);

    const jpeg = fs.readFileSync(corpusPath('photos', 'jxl-flower-small-cmyk.jpg'));
    const result = await tinify.fromBuffer(jpeg).toBuffer();
    expect((await sharp(Buffer.from(result)).metadata()).format).toBe('jpeg');
    expect(tinify.compressionCount).toBe(2);

    const history = (await (await user.get('/api/jobs')).json()) as Job[];
    expect(history.filter((j) => j.status === 'completed')).toHaveLength(2);
  });

  it('answers POST /shrink with 201, Location under our origin, Compression-Count and the Tinify JSON', async () => {
    const data = fs.readFileSync(corpusPath('png', 'pngsuite', 'basn2c08.png'));
    const res = await fetch(`${server.url}/shrink`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`api:${key}`).toString('base64')}`, 'x-forwarded-proto': 'https' },
      body: data,
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { input: { size: number; type: string }; output: Record<string, unknown> };
    expect(body.input).toEqual({ size: data.length, type: 'image/png' });
    expect(body.output).toMatchObject({ type: 'image/png', width: 32, height: 32 });
    expect(res.headers.get('location')).toBe(body.output.url);
    expect(String(body.output.url)).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/output\/[0-9a-f-]{36}$/);
    expect(Number(res.headers.get('compression-count'))).toBeGreaterThan(0);
  });

  it('GET /output/<id> of an SVG result (uploaded through the API) is a sandboxed attachment, never a page', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8" onload="alert(1)"><script>alert(2)</script><rect width="8" height="8"/></svg>';
    const uploaded = await uploadWithKey(server.url, key, [{ name: 'icon.svg', data: Buffer.from(svg) }]);
    expect(uploaded.status).toBe(201);
    const { jobs } = (await uploaded.json()) as { jobs: Job[] };
    const res = await fetch(`${server.url}/output/${jobs[0]!.id}`, { headers: { authorization: `Basic ${Buffer.from(`api:${key}`).toString('base64')}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;.*icon\.svg/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const text = await res.text();
    expect(text).not.toContain('alert');
  });

  it('resizes (fit, scale, cover, thumb) with Image-Width and Image-Height', async () => {
    const source = tinify.fromFile(corpusPath('photos', 'kodim03.png')); // 768 x 512
    const fit = await source.resize({ method: 'fit', width: 150, height: 150 }).result();
    expect([await fit.width(), await fit.height()]).toEqual([150, 100]);
    const scale = source.resize({ method: 'scale', width: 96 }).result();
    expect([await scale.width(), await scale.height()]).toEqual([96, 64]);
    const cover = await source.resize({ method: 'cover', width: 100, height: 100 }).toBuffer();
    expect(await sharp(Buffer.from(cover)).metadata()).toMatchObject({ width: 100, height: 100 });
    const thumb = await source.resize({ method: 'thumb', width: 80, height: 120 }).toBuffer();
    expect(await sharp(Buffer.from(thumb)).metadata()).toMatchObject({ width: 80, height: 120 });
  });

  it('transforms an animation as its job compresses it: every frame kept, a still format refused in words (0603)', async () => {
    const webp = realFilePath('webp-animated.webp'); // 245 x 245, 42 frames
    const resized = await tinify.fromFile(webp).resize({ method: 'cover', width: 100, height: 50 }).result();
    expect([await resized.mediaType(), await resized.width(), await resized.height()]).toEqual(['image/webp', 100, 50]);
    expect((await sharp(Buffer.from(await resized.toBuffer()), { animated: true }).metadata()).pages).toBe(42);
    const still = tinify.fromFile(webp).convert({ type: 'image/png' }).toBuffer();
    await expect(still).rejects.toMatchObject({ status: 415, message: expect.stringContaining('Animated images are saved as animated WebP') });
    // A GIF job (uploaded through the API: Tinify's /shrink takes no GIF) is transformed to animated WebP.
    const uploaded = await uploadWithKey(server.url, key, [{ name: 'fire.gif', data: fs.readFileSync(realFilePath('gif-animated-fire.gif')) }]);
    const { jobs } = (await uploaded.json()) as { jobs: Job[] };
    const output = await fetch(`${server.url}/output/${jobs[0]!.id}`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`api:${key}`).toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ resize: { method: 'scale', width: 15 } }),
    });
    expect(output.status, await output.clone().text()).toBe(200);
    expect([output.status, output.headers.get('content-type'), output.headers.get('image-width'), output.headers.get('image-height')]).toEqual([200, 'image/webp', '15', '30']);
    expect((await sharp(Buffer.from(await output.arrayBuffer()), { animated: true }).metadata()).pages).toBe(33);
  });

  it('converts to a type or the best of a list', async () => {
    const source = tinify.fromFile(corpusPath('photos', 'kodim03.png'));
    const webp = source.convert({ type: 'image/webp' }).result();
    expect(await webp.mediaType()).toBe('image/webp');
    expect((await sharp(Buffer.from(await webp.toBuffer())).metadata()).format).toBe('webp');
    const best = source.convert({ type: ['image/png', 'image/webp', 'image/jpeg'] }).result();
    // A photo: PNG is never the smallest of these.
    expect(['image/webp', 'image/jpeg']).toContain(await best.mediaType());
  });

  it('preserves copyright, creation and location only when asked', async () => {
    const tagged = await sharp(fs.readFileSync(corpusPath('photos', 'jxl-flower-small-cmyk.jpg')))
      .toColourspace('srgb')
      .withExif({
        IFD0: { Copyright: '(c) Jane Doe', Make: 'SecretCam' },
        IFD2: { DateTimeOriginal: '2021:06:07 08:09:10' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '4/1 20/1 0/1' },
      })
      .jpeg({ quality: 95 })
      .toBuffer();
    const source = tinify.fromBuffer(tagged);
    const plain = Buffer.from(await source.toBuffer());
    expect((await sharp(plain).metadata()).exif).toBeUndefined();

    const kept = Buffer.from(await source.preserve('copyright', 'creation', 'location').toBuffer());
    const exif = (await sharp(kept).metadata()).exif;
    const fields = preservedExif(exif, ['copyright', 'creation', 'location']);
    expect(fields.IFD0).toEqual({ Copyright: '(c) Jane Doe' });
    expect(fields.IFD2).toEqual({ DateTimeOriginal: '2021:06:07 08:09:10' });
    expect(fields.IFD3).toMatchObject({ GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 1234/100', GPSLongitudeRef: 'E' });
    expect(exif!.toString('latin1')).not.toContain('SecretCam');

    const onlyCopyright = Buffer.from(await source.preserve('copyright').toBuffer());
    const some = preservedExif((await sharp(onlyCopyright).metadata()).exif, ['copyright', 'creation', 'location']);
    expect(some).toEqual({ IFD0: { Copyright: '(c) Jane Doe' } });
  });

  it('preserves a PNG\'s copyright (its text chunk) in PNG and in a conversion to JPEG, and only when asked', async () => {
    const png = withPngText(fs.readFileSync(corpusPath('photos', 'kodim03.png')), 'Copyright', '© Jane Doe 2026');
    const source = tinify.fromBuffer(png);
    const plain = Buffer.from(await source.toBuffer());
    expect((await sharp(plain).metadata()).comments ?? []).toEqual([]);

    const kept = Buffer.from(await source.preserve('copyright').toBuffer());
    const keptMeta = await sharp(kept).metadata();
    expect(keptMeta.format).toBe('png');
    expect(keptMeta.comments).toEqual([{ keyword: 'Copyright', text: '© Jane Doe 2026' }]);

    const asJpeg = Buffer.from(await source.preserve('copyright').convert({ type: 'image/jpeg' }).toBuffer());
    // EXIF's Copyright is an ASCII field: libvips writes "©" as "(C)".
    expect(preservedExif((await sharp(asJpeg).metadata()).exif, ['copyright'])).toEqual({ IFD0: { Copyright: '(C) Jane Doe 2026' } });
  });

  it('reports errors as Tinify types: bad key 401, unsupported file 415, refused source URL 400', async () => {
    tinify.key = 'isq_live_wrong';
    await expect(tinify.fromBuffer(Buffer.from('x')).toBuffer()).rejects.toMatchObject({ status: 401, constructor: tinify.AccountError });
    tinify.key = key;
    await expect(tinify.fromBuffer(Buffer.from('definitely not an image')).toBuffer()).rejects.toMatchObject({ status: 415, constructor: tinify.ClientError });
    await expect(tinify.fromUrl('http://127.0.0.1/secret.png').toBuffer()).rejects.toMatchObject({ status: 400 });
    // Tinify takes no SVG (as Tinify itself): a clear 415, so /output/ never serves an SVG.
    const svg = tinify.fromBuffer(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>'));
    await expect(svg.toBuffer()).rejects.toMatchObject({ status: 415, constructor: tinify.ClientError, message: expect.stringMatching(/^File type is not supported/) });
    // validate(): an empty /shrink is a client error, which the client counts as a valid key.
    await expect(tinify.validate()).resolves.toBeUndefined();
  });
});
