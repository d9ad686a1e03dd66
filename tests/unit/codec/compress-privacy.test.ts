// "Never larger" meets "GPS never leaves the server": when re-encoding does not shrink a file,
// the original's pixels come back without its private metadata, still upright.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { compress } from './unhurried';
import { readCorpus } from './corpus';

const GPS_EXIF = {
  IFD0: { Make: 'PrivateCam', Model: 'Serial 12345' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
};

const pixels = async (image: Buffer) => (await sharp(image, { autoOrient: true }).raw().toBuffer()).toString('base64');

describe('compress never returns a larger file and never returns private metadata', () => {
  it('re-encodes and strips a photo with GPS when that is smaller', async () => {
    const input = await sharp(readCorpus('photos/kodim03.png')).jpeg({ quality: 95 }).withExif(GPS_EXIF).toBuffer();
    expect(input.toString('latin1')).toContain('PrivateCam');
    const result = await compress(input, { quality: 80 });
    expect(result.keptOriginal).toBe(false);
    expect(result.data.length).toBeLessThan(input.length);
    expect(result.data.toString('latin1')).not.toMatch(/PrivateCam|Serial 12345|Exif/);
    expect((await sharp(result.data).metadata()).exif).toBeUndefined();
  });

  it('keeps the pixels but not the GPS when re-encoding would be larger', async () => {
    // A low-quality JPEG asked for at quality 95 cannot get smaller by re-encoding.
    const input = await sharp(readCorpus('photos/kodim03.png')).jpeg({ quality: 40 }).withExif(GPS_EXIF).toBuffer();
    expect(input.toString('latin1')).toContain('PrivateCam');
    const result = await compress(input, { quality: 95 });
    expect(result.keptOriginal).toBe(true);
    expect(result.data.length).toBeLessThan(input.length);
    expect(result.output).toEqual({ ...result.input, bytes: result.data.length });
    expect(result.data.toString('latin1')).not.toMatch(/PrivateCam|Serial 12345|Exif/);
    expect((await sharp(result.data).metadata()).exif).toBeUndefined();
    expect(await pixels(result.data)).toBe(await pixels(input));
  });

  it('keeps a kept original upright with a one-tag orientation block', async () => {
    const input = await sharp(readCorpus('photos/kodim03.png'))
      .jpeg({ quality: 40 })
      .withExif(GPS_EXIF)
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);
    expect(input.toString('latin1')).toContain('PrivateCam');
    const result = await compress(input, { quality: 95 });
    expect(result.keptOriginal).toBe(true);
    expect(result.data.length).toBeLessThan(input.length);
    const meta = await sharp(result.data).metadata();
    expect(meta.orientation).toBe(6);
    expect(meta.exif!.length).toBeLessThan(40);
    expect(result.data.toString('latin1')).not.toMatch(/PrivateCam|Serial 12345/);
    expect([result.output.width, result.output.height]).toEqual([512, 768]);
    expect(await pixels(result.data)).toBe(await pixels(input));
  });

  it('rotates the pixels when it re-encodes a photo with an orientation tag', async () => {
    const input = readCorpus('photos/exif-orient6-landscape.jpg');
    const result = await compress(input, { quality: 70 });
    expect(result.keptOriginal).toBe(false);
    const meta = await sharp(result.data).metadata();
    expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([1800, 1200, 1]);
  });

  it('returns the untouched original when it is already clean and cannot shrink', async () => {
    const input = readCorpus('png/squoosh-logo-palette.png');
    const result = await compress(input, { quality: 80 });
    expect(result.keptOriginal).toBe(true);
    expect(result.data.equals(input)).toBe(true);
    expect(result.output).toEqual(result.input);
  });

  it('strips text chunks from a PNG that cannot shrink', async () => {
    const base = readCorpus('png/squoosh-logo-palette.png');
    // tEXt "Comment" = "secret-location", CRC computed by sharp-independent zlib below.
    const { crc32 } = await import('node:zlib');
    const data = Buffer.from('Comment\0secret-location', 'latin1');
    const chunk = Buffer.alloc(12 + data.length);
    chunk.writeUInt32BE(data.length, 0);
    chunk.write('tEXt', 4, 'latin1');
    data.copy(chunk, 8);
    chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
    const input = Buffer.concat([base.subarray(0, 33), chunk, base.subarray(33)]);
    const result = await compress(input, { quality: 80 });
    expect(result.data.length).toBeLessThanOrEqual(base.length);
    expect(result.data.toString('latin1')).not.toContain('secret-location');
  });
});
