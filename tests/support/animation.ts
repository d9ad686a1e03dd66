// Animated test images made on the spot: a small animation from coloured frames (sharp's join), and a frame bomb
// written byte by byte: a GIF whose 1000×1000 screen holds many 1×1 frames, a few kilobytes that would decode to
// hundreds of megapixels.
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
