// Decoding for measurement: every image becomes upright 8-bit sRGB pixels, cropped the same way.
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import sharp from 'sharp';
import { isGrey, openSrgb8 } from '#server/codec/colour/colour';

export interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  /** 3 (RGB) or 4 (RGBA) */
  channels: 3 | 4;
}

/**
 * Upright 8-bit sRGB, converting embedded profiles. `orientation` re-applies an orientation that
 * a tool stripped (jpegoptim --strip-all), so its output is compared the way it was meant to show.
 */
export async function decodeSrgb(input: Buffer, orientation?: number): Promise<Pixels> {
  allowMeasuredFormats();
  let source = input;
  if (orientation && orientation !== 1) {
    source = await sharp(input).png({ compressionLevel: 0 }).withMetadata({ orientation }).toBuffer();
  }
  const meta = await sharp(source).metadata();
  // The codec's own colour step (profiles, CMYK, 16-bit); grey is widened to RGB.
  const pipeline = isGrey(meta) ? sharp(source, { autoOrient: true }).toColourspace('srgb') : await openSrgb8(source, meta, { autoOrient: true });
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels === 4 ? 4 : 3 };
}

/** The centre square of at most `side`×`side` pixels: metrics cost grows with area. */
export function centreCrop(img: Pixels, side: number): Pixels {
  const width = Math.min(img.width, side);
  const height = Math.min(img.height, side);
  if (width === img.width && height === img.height) return img;
  const left = Math.floor((img.width - width) / 2);
  const top = Math.floor((img.height - height) / 2);
  const out = Buffer.alloc(width * height * img.channels);
  for (let y = 0; y < height; y++) {
    const from = ((top + y) * img.width + left) * img.channels;
    img.data.copy(out, y * width * img.channels, from, from + width * img.channels);
  }
  return { data: out, width, height, channels: img.channels };
}

/** RGBA composited on a solid grey level (0 = black, 255 = white); RGB is returned as is. */
export function flatten(img: Pixels, background: number): Pixels {
  if (img.channels === 3) return img;
  const n = img.width * img.height;
  const out = Buffer.alloc(n * 3);
  for (let i = 0; i < n; i++) {
    const a = img.data[i * 4 + 3]! / 255;
    for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.round(img.data[i * 4 + c]! * a + background * (1 - a));
  }
  return { data: out, width: img.width, height: img.height, channels: 3 };
}

export async function writePng(img: Pixels, file: string): Promise<void> {
  await sharp(img.data, { raw: { width: img.width, height: img.height, channels: img.channels } })
    .png({ compressionLevel: 1 })
    .toFile(file);
}

/** PPM (or PGM for grey) as cjpeg reads it. */
export async function writePnm(input: Buffer, file: string, grey: boolean): Promise<void> {
  const { data, info } = await sharp(input, { autoOrient: true })
    .toColourspace(grey ? 'b-w' : 'srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const header = Buffer.from(`${grey ? 'P5' : 'P6'}\n${info.width} ${info.height}\n255\n`, 'latin1');
  await fs.writeFile(file, Buffer.concat([header, data]));
}

/** Image files (by name) in one corpus folder, sorted, as paths relative to the corpus root. */
export function listImages(corpusDir: string, folder: string): string[] {
  return fsSync
    .readdirSync(path.join(corpusDir, folder))
    .filter((name) => /\.(png|jpe?g)$/i.test(name))
    .sort()
    .map((name) => path.posix.join(folder, name));
}

let unblocked = false;
/**
 * The codec limits this process's libvips to the loaders it accepts as input; measuring also decodes
 * the WebP and AVIF files the bench writes (outputs, never untrusted input).
 */
function allowMeasuredFormats(): void {
  if (unblocked) return;
  sharp.unblock({ operation: ['VipsForeignLoadWebp', 'VipsForeignLoadHeif', 'VipsForeignLoadPng', 'VipsForeignLoadJpeg'] });
  unblocked = true;
}

/** Identical pictures (the same photo stored with another orientation tag, a re-saved copy) count once. */
export function pixelHash(img: Pixels): string {
  return crypto.createHash('sha256').update(`${img.width}x${img.height}x${img.channels}:`).update(img.data).digest('hex');
}

/** Sample side: larger images are represented by their centre crop of this size (see codec-efficiency). */
export const SAMPLE_SIDE = 512;

export interface Sample {
  /** Lossless PNG of the sample: 8-bit sRGB, or 8-bit grey for grey sources. */
  png: Buffer;
  /** The same pixels as RGB, the reference every encoder is scored against. */
  reference: Pixels;
  grey: boolean;
  cropped: boolean;
}

/** The centre SAMPLE_SIDE² of an image, upright and converted to sRGB the way the codec converts it. */
export async function photoSample(input: Buffer): Promise<Sample> {
  allowMeasuredFormats();
  const meta = await sharp(input).metadata();
  const grey = meta.space === 'b-w' || meta.space === 'grey16';
  const upright = meta.autoOrient ?? { width: meta.width, height: meta.height };
  const width = Math.min(upright.width, SAMPLE_SIDE);
  const height = Math.min(upright.height, SAMPLE_SIDE);
  const cropped = width !== upright.width || height !== upright.height;
  let pipeline = (await openSrgb8(input, meta, { autoOrient: true })).removeAlpha();
  const { data: full, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  pipeline = sharp(full, { raw: { width: info.width, height: info.height, channels: info.channels as 1 | 3 } });
  if (cropped) {
    pipeline = pipeline.extract({ left: Math.floor((info.width - width) / 2), top: Math.floor((info.height - height) / 2), width, height });
  }
  const png = await pipeline.png({ compressionLevel: 1 }).toBuffer();
  return { png, reference: await decodeSrgb(png), grey, cropped };
}

export function pnmOf(sample: Sample): Buffer {
  const { reference: img, grey } = sample;
  const n = img.width * img.height;
  const body = Buffer.alloc(grey ? n : n * 3);
  for (let i = 0; i < n; i++) {
    if (grey) body[i] = img.data[i * img.channels]!;
    else img.data.copy(body, i * 3, i * img.channels, i * img.channels + 3);
  }
  return Buffer.concat([Buffer.from(`${grey ? 'P5' : 'P6'}\n${img.width} ${img.height}\n255\n`, 'latin1'), body]);
}
