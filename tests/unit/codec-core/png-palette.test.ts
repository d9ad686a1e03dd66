// The PNG palette climb with hooks standing in for an engine's quantiser, decoder and optimiser: which rung is
// taken, when lossless is tried, and which file wins. The floor itself is the core's (similarity, flat colours).
import { describe, expect, it } from 'vitest';
import { encodePalettePng, fitsInPalette, type RawImage } from '#codec-core/index';

/** A photo-like RGB image with more colours than a palette holds. */
function photo(width = 48, height = 48): RawImage {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < data.length; i++) data[i] = ((i * 2654435761) >>> 13) & 0xff;
  return { data, width, height, channels: 3 };
}

/** A flat two-colour image. */
function graphic(width = 48, height = 48): RawImage {
  const data = new Uint8Array(width * height * 3);
  for (let p = 0; p < width * height; p++) data.fill(p % width < width / 2 ? 40 : 200, p * 3, p * 3 + 3);
  return { data, width, height, channels: 3 };
}

/** The pixels with a third of the values inverted (what a palette too poor for them looks like). */
const spoilt = (img: RawImage): RawImage => ({ ...img, data: img.data.map((v, i) => (i % 3 === 0 ? 255 - v : v)) });

/** The lossless file's bytes, to tell it from a palette file of the same size. */
const LOSSLESS_MARK = 7;

interface Sizes {
  /** The palette file's size at each rung. */
  palette: (rung: number) => number;
  lossless: number;
  plain: number;
  /** The lowest rung whose palette passes the floor (decodes as the pixels themselves); below it, they shift. */
  passesFrom: number;
}

function hooks(pixels: RawImage, sizes: Sizes) {
  const log: string[] = [];
  return {
    log,
    hooks: {
      quantise: async (rung: number) => (log.push(`quantise ${rung}`), rung),
      decode: async (rung: number) => (rung >= sizes.passesFrom ? pixels : spoilt(pixels)),
      optimisePalette: async (rung: number) => (log.push(`palette ${rung}`), new Uint8Array(sizes.palette(rung))),
      optimiseLossless: async () => (log.push('lossless'), new Uint8Array(sizes.lossless).fill(LOSSLESS_MARK)),
      plainSize: async () => sizes.plain,
    },
  };
}

describe('the PNG palette climb', () => {
  it('climbs the rungs from the asked quality until a palette passes the floor, and keeps climbing past a failed one', async () => {
    const pixels = photo();
    const { log, hooks: h } = hooks(pixels, { palette: (r) => r * 10, lossless: 100_000, plain: 10_000, passesFrom: 90 });
    const out = await encodePalettePng(pixels, { quality: 75, floor: true }, h);
    expect(log).toEqual(['quantise 75', 'quantise 80', 'quantise 90', 'palette 90']);
    expect(out.length).toBe(900);
  });

  it('takes the palette as it comes at exactly the quality when the floor is off (size mode)', async () => {
    const pixels = photo();
    const { log, hooks: h } = hooks(pixels, { palette: (r) => r * 10, lossless: 100_000, plain: 10_000, passesFrom: 100 });
    expect((await encodePalettePng(pixels, { quality: 42, floor: false }, h)).length).toBe(420);
    expect(log).toEqual(['quantise 42', 'palette 42']);
  });

  it('is lossless at quality 100, and when no rung passes', async () => {
    const pixels = photo();
    const full = hooks(pixels, { palette: () => 1, lossless: 5000, plain: 9000, passesFrom: 0 });
    expect((await encodePalettePng(pixels, { quality: 100, floor: true }, full.hooks)).length).toBe(5000);
    expect(full.log).toEqual(['lossless']);
    const none = hooks(pixels, { palette: () => 1, lossless: 5000, plain: 9000, passesFrom: 101 });
    expect((await encodePalettePng(pixels, { quality: 90, floor: true }, none.hooks)).length).toBe(5000);
    expect(none.log).toEqual(['quantise 90', 'quantise 100', 'lossless']);
  });

  it('tries lossless only when the palette is not far below fast deflate, and keeps the smaller', async () => {
    const pixels = photo();
    // At half of fast deflate's size the palette goes without lossless being tried.
    const small = hooks(pixels, { palette: () => 5000, lossless: 1000, plain: 10_000, passesFrom: 0 });
    expect((await encodePalettePng(pixels, { quality: 80, floor: true }, small.hooks)).length).toBe(5000);
    expect(small.log).not.toContain('lossless');
    const large = hooks(pixels, { palette: () => 5001, lossless: 5000, plain: 10_000, passesFrom: 0 });
    const lossless = await encodePalettePng(pixels, { quality: 80, floor: true }, large.hooks);
    expect([lossless.length, lossless[0]]).toEqual([5000, LOSSLESS_MARK]);
    // Equal sizes: lossless (the palette must be smaller to win).
    const tie = hooks(pixels, { palette: () => 5001, lossless: 5001, plain: 10_000, passesFrom: 0 });
    expect((await encodePalettePng(pixels, { quality: 80, floor: true }, tie.hooks))[0]).toBe(LOSSLESS_MARK);
  });

  it('requantises an image that fits a palette only when that saves a fifth', async () => {
    const pixels = graphic();
    expect(fitsInPalette(pixels)).toBe(true);
    const saves = hooks(pixels, { palette: () => 799, lossless: 1000, plain: 100_000, passesFrom: 0 });
    expect((await encodePalettePng(pixels, { quality: 80, floor: true }, saves.hooks)).length).toBe(799);
    const barely = hooks(pixels, { palette: () => 800, lossless: 1000, plain: 100_000, passesFrom: 0 });
    expect((await encodePalettePng(pixels, { quality: 80, floor: true }, barely.hooks)).length).toBe(1000);
    expect(barely.log).toContain('lossless'); // tried although the palette is far below fast deflate
    // An engine that knows the upload is a palette image says so; the count is then not needed.
    const known = hooks(photo(), { palette: () => 800, lossless: 1000, plain: 100_000, passesFrom: 0 });
    expect((await encodePalettePng(photo(), { quality: 80, floor: true, knownPalette: true }, known.hooks)).length).toBe(1000);
  });

  it('counts colours up to the palette’s 256', () => {
    const colours = (n: number): RawImage => {
      const data = new Uint8Array(n * 4);
      for (let i = 0; i < n; i++) data.set([i & 0xff, i >> 8, 0, 255], i * 4);
      return { data, width: n, height: 1, channels: 4 };
    };
    expect(fitsInPalette(colours(256))).toBe(true);
    expect(fitsInPalette(colours(257))).toBe(false);
  });
});
