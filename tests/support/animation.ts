// Animated test images made on the spot: a small animation from coloured frames (sharp's join), and a frame bomb
// written byte by byte: a GIF whose 1000×1000 screen holds many 1×1 frames, a few kilobytes that would decode to
// hundreds of megapixels.
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** Frames of distinct colours with a texture (so they do not compress to nothing), as an animated `format`. */
export async function animation(format: 'gif' | 'webp', options: { frames: number; width: number; height: number; delay: number[]; loop: number }): Promise<Buffer> {
  const frames = await Promise.all(
    Array.from({ length: options.frames }, (_, k) => {
      const data = Buffer.alloc(options.width * options.height * 3);
      for (let i = 0; i < data.length; i += 3) {
        const p = i / 3;
        data[i] = (k * 70 + (p % options.width)) % 256;
        data[i + 1] = (k * 30 + Math.floor(p / options.width) * 3) % 256;
        data[i + 2] = (k * 110) % 256;
      }
      return sharp(data, { raw: { width: options.width, height: options.height, channels: 3 } }).png().toBuffer();
    }),
  );
  const joined = frames.length === 1 ? sharp(frames[0]) : sharp(frames, { join: { animated: true } });
  const timing = { delay: options.delay, loop: options.loop };
  return format === 'gif' ? joined.gif(timing).toBuffer() : joined.webp({ ...timing, lossless: true }).toBuffer();
}

/** A GIF89a of `frames` 1×1 frames on a `side`×`side` screen (each frame decodes to the whole screen). */
export function gifFrameBomb(frames: number, side = 1000): Buffer {
  const parts: number[] = [];
  const u16 = (n: number) => [n & 0xff, n >> 8];
  parts.push(...Buffer.from('GIF89a'), ...u16(side), ...u16(side), 0x80, 0, 0); // global colour table of 2 entries
  parts.push(0, 0, 0, 255, 255, 255);
  parts.push(0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0'), 3, 1, 0, 0, 0); // loop forever
  for (let f = 0; f < frames; f++) {
    parts.push(0x21, 0xf9, 4, 0, 10, 0, 0, 0); // graphic control: 100 ms
    parts.push(0x2c, 0, 0, 0, 0, ...u16(1), ...u16(1), 0); // image descriptor: 1×1 at the origin
    parts.push(2, 2, 0x44, 0x01, 0); // LZW minimum code size 2, one sub-block: clear, index 0, end
  }
  parts.push(0x3b);
  return Buffer.from(parts);
}

/** One frame of an APNG: RGBA pixels at a rectangle of the canvas, with its timing and ops (APNG's fcTL). */
export interface ApngFrameSpec {
  rgba: Buffer;
  width: number;
  height: number;
  x?: number;
  y?: number;
  /** Milliseconds (written as delay_num/1000). */
  delay: number;
  /** 0 none, 1 background, 2 previous. */
  dispose?: number;
  /** 0 source, 1 over. */
  blend?: number;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** The concatenated IDAT data of a PNG (its compressed pixels). */
function idatOf(png: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let pos = 8; pos + 8 <= png.length; ) {
    const length = png.readUInt32BE(pos);
    if (png.toString('latin1', pos + 4, pos + 8) === 'IDAT') parts.push(png.subarray(pos + 8, pos + 8 + length));
    pos += 12 + length;
  }
  return Buffer.concat(parts);
}

/**
 * An APNG written chunk by chunk (the machine's ImageMagick writes APNG only through ffmpeg, which is not
 * installed): each frame's pixels encoded by libpng through sharp as 8-bit RGBA, its IDAT data carried in IDAT (the
 * first frame, the default image) or fdAT. `frameCount` overrides acTL's count (a hostile header).
 */
export async function apng(canvas: { width: number; height: number; loop: number }, frames: ApngFrameSpec[], frameCount = frames.length): Promise<Buffer> {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(canvas.width, 0);
  ihdr.writeUInt32BE(canvas.height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, deflate, adaptive filtering, not interlaced
  const actl = Buffer.alloc(8);
  actl.writeUInt32BE(frameCount, 0);
  actl.writeUInt32BE(canvas.loop, 4);
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('acTL', actl)];
  let sequence = 0;
  for (const [index, frame] of frames.entries()) {
    const fctl = Buffer.alloc(26);
    fctl.writeUInt32BE(sequence++, 0);
    [frame.width, frame.height, frame.x ?? 0, frame.y ?? 0].forEach((v, i) => fctl.writeUInt32BE(v, 4 + 4 * i));
    fctl.writeUInt16BE(frame.delay, 20);
    fctl.writeUInt16BE(1000, 22);
    fctl[24] = frame.dispose ?? 0;
    fctl[25] = frame.blend ?? 0;
    parts.push(pngChunk('fcTL', fctl));
    const png = await sharp(frame.rgba, { raw: { width: frame.width, height: frame.height, channels: 4 } }).png().toBuffer();
    const data = idatOf(png);
    if (index === 0) parts.push(pngChunk('IDAT', data));
    else {
      const seq = Buffer.alloc(4);
      seq.writeUInt32BE(sequence++, 0);
      parts.push(pngChunk('fdAT', Buffer.concat([seq, data])));
    }
  }
  parts.push(pngChunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

/** `width`×`height` RGBA of one colour. */
export function solid(width: number, height: number, [r, g, b, a]: [number, number, number, number]): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([r, g, b, a], i);
  return data;
}

/** `width`×`height` RGBA with a texture that changes with `k` (so frames differ and do not compress to nothing). */
export function textured(width: number, height: number, k: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let p = 0; p < width * height; p++) data.set([(k * 70 + (p % width) * 2) % 256, (k * 30 + Math.floor(p / width) * 3) % 256, (k * 110 + p) % 256, 255], p * 4);
  return data;
}

/**
 * A realistic animation: a camera pan across a photograph, `frames` crops of `width`×`height` moving right and
 * down, as an animated `format`.
 */
export async function photoPan(photo: string, format: 'gif' | 'webp', options: { frames: number; width: number; height: number; step: number }): Promise<Buffer> {
  const crops = await Promise.all(
    Array.from({ length: options.frames }, (_, k) =>
      sharp(photo).extract({ left: k * options.step, top: Math.floor((k * options.step) / 2), width: options.width, height: options.height }).png().toBuffer(),
    ),
  );
  const joined = sharp(crops, { join: { animated: true } });
  const timing = { delay: Array<number>(options.frames).fill(80), loop: 0 };
  return format === 'gif' ? joined.gif(timing).toBuffer() : joined.webp({ ...timing, lossless: true }).toBuffer();
}

/**
 * A tiny animation GIF stores in a few bytes a frame and animated WebP cannot match (each frame one pixel changed, at
 * another place), with a comment block. Generated: the edge case is the point.
 */
export function tinyGif(comment: string): Buffer {
  const u16 = (n: number) => [n & 0xff, n >> 8];
  const bytes: number[] = [...Buffer.from('GIF89a'), ...u16(64), ...u16(64), 0x80, 0, 0, 0, 0, 0, 255, 255, 255];
  bytes.push(0x21, 0xfe, comment.length, ...Buffer.from(comment, 'latin1'), 0);
  bytes.push(0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0'), 3, 1, 0, 0, 0);
  for (let f = 0; f < 6; f++) {
    bytes.push(0x21, 0xf9, 4, 0, 10, 0, 0, 0);
    bytes.push(0x2c, ...u16(f * 10), ...u16(f * 7), ...u16(1), ...u16(1), 0);
    bytes.push(2, 2, f % 2 ? 0x4c : 0x44, 0x01, 0);
  }
  bytes.push(0x3b);
  return Buffer.from(bytes);
}
