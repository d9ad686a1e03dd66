// Images read the way the reference tools read them (Debian's djpeg, dwebp, webpmux, avifdec, heif-convert, djxl,
// jxlinfo, rsvg-convert; sharp for PNG and GIF), independent of the codec's own decoding: what an image looks like
// (RGBA of its first frame, displayed orientation applied) and its animation (frame count and delays). The
// conformance matrix checks each result with these, and compares it with the upload read the same way.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';

/** What a file's first bytes say it is (the magic numbers, never the name or the MIME type it was sent with). */
export type SniffedFormat = 'jpeg' | 'png' | 'apng' | 'gif' | 'webp' | 'avif' | 'heic' | 'jxl' | 'svg' | 'unknown';

export function sniff(data: Buffer): SniffedFormat {
  if (data.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return 'jpeg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    const actl = data.indexOf('acTL', 8, 'latin1');
    const idat = data.indexOf('IDAT', 8, 'latin1');
    return actl > 0 && (idat < 0 || actl < idat) ? 'apng' : 'png';
  }
  if (data.subarray(0, 4).toString('latin1') === 'GIF8') return 'gif';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (data.subarray(4, 8).toString('latin1') === 'ftyp') {
    const brands = data.subarray(8, Math.min(data.length, data.readUInt32BE(0))).toString('latin1');
    if (/avif|avis/.test(brands.slice(0, 4)) || (/avif|avis/.test(brands) && !/heic|heix|hevc/.test(brands))) return 'avif';
    return 'heic';
  }
  if (data.subarray(0, 2).equals(Buffer.from([0xff, 0x0a])) || data.subarray(4, 8).toString('latin1') === 'JXL ') return 'jxl';
  if (/^\s*(<\?xml|<svg|<!--|<!DOCTYPE)/i.test(data.subarray(0, 256).toString('utf8'))) return 'svg';
  return 'unknown';
}

export interface Picture {
  width: number;
  height: number;
  /** RGBA, 8 bits per channel, of the first frame as displayed. */
  rgba: Buffer;
}

export interface Animation {
  frames: number;
  /** Each frame's delay in milliseconds. */
  delays: number[];
}

function withDir<T>(fn: (dir: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'refdec-'));
  try {
    return fn(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs a reference tool on the bytes as a file; the tool's own complaint is the error when it refuses them. */
function tool(data: Buffer, inName: string, run: (input: string, dir: string) => Buffer | string): Buffer | string {
  return withDir((dir) => {
    const input = path.join(dir, inName);
    fs.writeFileSync(input, data);
    return run(input, dir);
  });
}

const exec = (cmd: string, args: string[]) => {
  try {
    return execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024 });
  } catch (error) {
    const e = error as { stderr?: Buffer; message: string };
    throw new Error(`${cmd} refused the file: ${(e.stderr?.toString() || e.message).trim().split('\n').slice(-3).join(' / ')}`);
  }
};

async function rgbaOf(image: Sharp): Promise<Picture> {
  const { data, info } = await image.ensureAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, rgba: data };
}

/** PNG output of a reference tool, its first frame. */
const firstFrameOfPng = (png: Buffer) => rgbaOf(sharp(png, { pages: 1 }));

/**
 * How a file looks, read by the reference decoder of its format. JPEG: djpeg's pixels, turned as its EXIF orientation
 * says (djpeg leaves that to the viewer). HEIC and AVIF: heif-convert, which applies `irot`/`imir`; AVIF is also
 * decoded by avifdec, which must accept it. JPEG XL: djxl (it applies the header's orientation).
 */
export async function looksLike(data: Buffer): Promise<Picture> {
  const format = sniff(data);
  switch (format) {
    case 'jpeg': {
      const ppm = tool(data, 'in.jpg', (input) => exec('djpeg', ['-pnm', input])) as Buffer;
      const orientation = (await sharp(data).metadata()).orientation ?? 1;
      // djpeg's PPM (or PGM for greyscale) as raw pixels; the orientation is applied as EXIF defines it.
      return rgbaOf(await orient(pnmImage(ppm), orientation));
    }
    case 'png':
    case 'gif':
      return firstFrameOfPng(data);
    case 'apng':
      return firstFrameOfPng((await apngFirstFrame(data)) ?? data);
    case 'webp': {
      const animated = (await sharp(data, { pages: -1 }).metadata()).pages ?? 1;
      if (animated > 1) return rgbaOf(sharp(data, { pages: 1 }));
      const pam = tool(data, 'in.webp', (input, dir) => (exec('dwebp', ['-quiet', '-pam', input, '-o', path.join(dir, 'out.pam')]), fs.readFileSync(path.join(dir, 'out.pam')))) as Buffer;
      return pamToPicture(pam);
    }
    case 'avif':
    case 'heic': {
      const name = format === 'avif' ? 'in.avif' : 'in.heic';
      const heifConvert = () => tool(data, name, (input, dir) => (exec('heif-convert', [input, path.join(dir, 'out.png')]), fs.readFileSync(path.join(dir, 'out.png')))) as Buffer;
      if (format === 'heic') return firstFrameOfPng(heifConvert());
      // avifdec must read every AVIF; it writes the first frame of a sequence, but leaves irot/imir to the viewer,
      // so a still AVIF is displayed by heif-convert, which applies them (it reads no `avis` sequence).
      const first = tool(data, name, (input, dir) => (exec('avifdec', [input, path.join(dir, 'out.png')]), fs.readFileSync(path.join(dir, 'out.png')))) as Buffer;
      const sequence = /avis/.test(data.subarray(8, 32).toString('latin1'));
      return firstFrameOfPng(sequence ? first : heifConvert());
    }
    case 'jxl': {
      const png = tool(data, 'in.jxl', (input, dir) => (exec('djxl', [input, path.join(dir, 'out.png'), '--quiet']), fs.readFileSync(path.join(dir, 'out.png')))) as Buffer;
      return firstFrameOfPng(png);
    }
    case 'svg': {
      const png = tool(data, 'in.svg', (input) => exec('rsvg-convert', ['--format', 'png', input])) as Buffer;
      return firstFrameOfPng(png);
    }
    default:
      throw new Error(`not an image any reference decoder reads (first bytes ${data.subarray(0, 12).toString('hex')})`);
  }
}

/** An SVG rendered by rsvg-convert at exactly `width`×`height`. */
export function renderSvg(svg: Buffer, width: number, height: number): Promise<Picture> {
  const png = tool(svg, 'in.svg', (input) => exec('rsvg-convert', ['--format', 'png', '--width', String(width), '--height', String(height), input])) as Buffer;
  return firstFrameOfPng(png);
}

/** The JPEG djxl rebuilds from a losslessly recompressed one, or null when the JPEG XL holds no JPEG reconstruction. */
export function jpegRebuiltFromJxl(jxl: Buffer): Buffer | null {
  // Only a file with a `jbrd` box can be rebuilt; from any other, djxl would encode its pixels as a new JPEG.
  const info = tool(jxl, 'in.jxl', (input) => exec('jxlinfo', ['-v', input]).toString()) as string;
  if (!/JPEG bitstream reconstruction data available/.test(info)) return null;
  return tool(jxl, 'in.jxl', (input, dir) => (exec('djxl', [input, path.join(dir, 'out.jpg'), '--quiet']), fs.readFileSync(path.join(dir, 'out.jpg')))) as Buffer;
}

/** Frames and delays, as the format's reference tool reports them; a still image is one frame. */
export async function animationOf(data: Buffer): Promise<Animation> {
  const format = sniff(data);
  if (format === 'gif' || format === 'webp') {
    const meta = await sharp(data, { pages: -1 }).metadata();
    const frames = meta.pages ?? 1;
    if (format === 'webp' && frames > 1) {
      // webpmux (libwebp's tool) must agree with the frame count.
      const info = tool(data, 'in.webp', (input) => exec('webpmux', ['-info', input]).toString()) as string;
      const counted = Number(/Number of frames: (\d+)/.exec(info)?.[1] ?? 1);
      if (counted !== frames) throw new Error(`webpmux counts ${counted} frames, sharp ${frames}`);
    }
    return { frames, delays: frames > 1 ? (meta.delay ?? []) : [] };
  }
  if (format === 'apng') return apngFrames(data);
  if (format === 'avif') {
    const info = tool(data, 'in.avif', (input) => exec('avifdec', ['--info', input]).toString()) as string;
    const timescale = Number(/(\d+) timescales per second/.exec(info)?.[1] ?? 1);
    const durations = [...info.matchAll(/Decoded frame \[\d+\].*?\[duration [\d.]+ \((\d+) timescales\)\]/g)].map((m) => Math.round((Number(m[1]) * 1000) / timescale));
    const frames = Number(/(\d+) frames?\b/.exec(info)?.[1] ?? 1);
    return { frames, delays: frames > 1 ? durations : [] };
  }
  if (format === 'jxl') {
    const info = tool(data, 'in.jxl', (input) => exec('jxlinfo', [input]).toString()) as string;
    if (!/animation/i.test(info.split('\n')[0] ?? '')) return { frames: 1, delays: [] };
    const delays = [...info.matchAll(/duration: ([\d.]+) ms/g)].map((m) => Math.round(Number(m[1])));
    return { frames: delays.length, delays };
  }
  if (format === 'unknown') throw new Error('not an image');
  return { frames: 1, delays: [] };
}

/**
 * An APNG's first frame as a plain PNG, when its default image is not that frame (no fcTL before IDAT: the default
 * image is shown only by viewers without APNG, and the animation starts with the first fdAT frame). Null when the
 * default image is the first frame. The frame's pixels are placed on a transparent canvas at its offset.
 */
async function apngFirstFrame(data: Buffer): Promise<Buffer | null> {
  const chunks: { type: string; body: Buffer }[] = [];
  for (let at = 8; at + 8 <= data.length; ) {
    const length = data.readUInt32BE(at);
    chunks.push({ type: data.subarray(at + 4, at + 8).toString('latin1'), body: data.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  const idat = chunks.findIndex((c) => c.type === 'IDAT');
  const firstFctl = chunks.findIndex((c) => c.type === 'fcTL');
  if (firstFctl < 0 || firstFctl < idat) return null;
  const ihdr = chunks.find((c) => c.type === 'IHDR')!.body;
  const fctl = chunks[firstFctl]!.body;
  const [width, height, x, y] = [fctl.readUInt32BE(4), fctl.readUInt32BE(8), fctl.readUInt32BE(12), fctl.readUInt32BE(16)];
  const frameData: Buffer[] = [];
  for (const c of chunks.slice(firstFctl + 1)) {
    if (c.type === 'fcTL') break;
    if (c.type === 'fdAT') frameData.push(c.body.subarray(4)); // after its sequence number, an fdAT is an IDAT
  }
  const header = Buffer.from(ihdr);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  const kept = chunks.filter((c) => ['PLTE', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP'].includes(c.type));
  const png = Buffer.concat([
    data.subarray(0, 8),
    pngChunk('IHDR', header),
    ...kept.map((c) => pngChunk(c.type, c.body)),
    ...frameData.map((d) => pngChunk('IDAT', d)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  const canvas = { width: ihdr.readUInt32BE(0), height: ihdr.readUInt32BE(4), channels: 4 as const, background: { r: 0, g: 0, b: 0, alpha: 0 } };
  return sharp({ create: canvas }).composite([{ input: png, left: x, top: y }]).png().toBuffer();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function pngChunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  let crc = 0xffffffff;
  for (const byte of Buffer.concat([head.subarray(4), body])) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE((crc ^ 0xffffffff) >>> 0, 0);
  return Buffer.concat([head, body, tail]);
}

/** APNG's frame count and delays from its acTL and fcTL chunks (sharp reads only the default image). */
function apngFrames(data: Buffer): Animation {
  const delays: number[] = [];
  let frames = 1;
  for (let at = 8; at + 8 <= data.length; ) {
    const length = data.readUInt32BE(at);
    const type = data.subarray(at + 4, at + 8).toString('latin1');
    const body = data.subarray(at + 8, at + 8 + length);
    if (type === 'acTL') frames = body.readUInt32BE(0);
    if (type === 'fcTL') {
      const num = body.readUInt16BE(20);
      const den = body.readUInt16BE(22) || 100;
      delays.push(Math.round((num * 1000) / den));
    }
    at += 12 + length;
  }
  return { frames, delays };
}

/**
 * EXIF orientation 1-8 applied as EXIF defines it: a quarter turn clockwise (6, and 5 and 7 before their mirror), a
 * half turn (3) or three quarters (8), then a mirror. Two passes, so the order does not depend on sharp's own order of
 * operations within one pipeline.
 */
async function orient(image: Sharp, orientation: number): Promise<Sharp> {
  const turn = ({ 3: 180, 5: 90, 6: 90, 7: 90, 8: 270 } as Record<number, number>)[orientation] ?? 0;
  const turned = turn ? sharp(await image.rotate(turn).png().toBuffer()) : image;
  if (orientation === 2 || orientation === 5) return turned.flop();
  if (orientation === 4 || orientation === 7) return turned.flip();
  return turned;
}

/** A binary PPM (P6) or PGM (P5) of 8-bit samples, as a raw sharp image. */
function pnmImage(pnm: Buffer): Sharp {
  const header = /^P([56])\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pnm.subarray(0, 64).toString('latin1'));
  if (!header || header[4] !== '255') throw new Error('djpeg wrote no 8-bit PPM or PGM');
  const channels = header[1] === '6' ? 3 : 1;
  const [width, height] = [Number(header[2]), Number(header[3])];
  return sharp(pnm.subarray(header[0].length, header[0].length + width * height * channels), { raw: { width, height, channels } });
}

function pamToPicture(pam: Buffer): Picture {
  const headerEnd = pam.indexOf('ENDHDR\n', 0, 'latin1') + 'ENDHDR\n'.length;
  const header = pam.subarray(0, headerEnd).toString('latin1');
  const width = Number(/WIDTH (\d+)/.exec(header)![1]);
  const height = Number(/HEIGHT (\d+)/.exec(header)![1]);
  return { width, height, rgba: Buffer.from(pam.subarray(headerEnd, headerEnd + width * height * 4)) };
}

/** The pixels over an opaque background, as a viewer without transparency shows them. */
function over(picture: Picture, background: [number, number, number]): Float64Array {
  const out = new Float64Array(picture.width * picture.height * 3);
  for (let i = 0, j = 0; i < picture.rgba.length; i += 4, j += 3) {
    const a = picture.rgba[i + 3]! / 255;
    for (let c = 0; c < 3; c++) out[j + c] = picture.rgba[i + c]! * a + background[c]! * (1 - a);
  }
  return out;
}

/** PSNR in dB of `b` against `a` (same size), both over `background`; Infinity when identical. */
export function psnr(a: Picture, b: Picture, background: [number, number, number] = [255, 255, 255]): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error(`sizes differ: ${a.width}×${a.height} and ${b.width}×${b.height}`);
  const x = over(a, background);
  const y = over(b, background);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += (x[i]! - y[i]!) ** 2;
  const mse = sum / x.length;
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
}

/**
 * The largest difference of any channel between two pictures, counting colour only where a pixel is not fully
 * transparent (a transparent pixel's colour is invisible, and encoders may drop it).
 */
export function maxDifference(a: Picture, b: Picture): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error(`sizes differ: ${a.width}×${a.height} and ${b.width}×${b.height}`);
  let worst = 0;
  for (let i = 0; i < a.rgba.length; i += 4) {
    const alpha = Math.abs(a.rgba[i + 3]! - b.rgba[i + 3]!);
    worst = Math.max(worst, alpha);
    if (a.rgba[i + 3] === 0 && b.rgba[i + 3] === 0) continue;
    for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(a.rgba[i + c]! - b.rgba[i + c]!));
  }
  return worst;
}

export function parseHex(colour: string | null): [number, number, number] {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour ?? '');
  return m ? [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)] : [255, 255, 255];
}
