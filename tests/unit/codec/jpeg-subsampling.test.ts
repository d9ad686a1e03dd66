// JPEG chroma subsampling is chosen per image by its colour detail, at every quality.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { compress } from './unhurried';
import { chromaDetail } from '#codec-core/metrics/chroma';
import { readCorpus } from './corpus';

async function subsamplingOf(file: string, quality: number): Promise<string | undefined> {
  const result = await compress(readCorpus(file), { quality, format: 'jpeg', timeoutSeconds: 600, formatRequired: true });
  expect(result.output.format).toBe('jpeg');
  return (await sharp(result.data).metadata()).chromaSubsampling;
}

describe('JPEG chroma subsampling', () => {
  it('measures no colour detail in grey and flat images, and plenty in hard colour edges', () => {
    const width = 64;
    const height = 64;
    const grey = { data: new Uint8Array(width * height), width, height, channels: 1 };
    expect(chromaDetail(grey).share).toBe(0);
    const stripes = new Uint8Array(width * height * 3);
    for (let i = 0; i < width * height; i++) stripes.set(i % 2 ? [220, 20, 20] : [20, 20, 220], i * 3);
    expect(chromaDetail({ data: stripes, width, height, channels: 3 }).share).toBe(1);
    const flat = new Uint8Array(width * height * 3).fill(128);
    expect(chromaDetail({ data: flat, width, height, channels: 3 }).share).toBe(0);
  });

  it.each([70, 80, 90])('keeps full-resolution colour for a UI screenshot at quality %i', { timeout: 300_000 }, async (quality) => {
    expect(await subsamplingOf('png/squoosh-ui-screenshot4.png', quality)).toBe('4:4:4');
  });

  it.each([70, 80, 90])('halves the colour resolution of a photograph at quality %i', { timeout: 300_000 }, async (quality) => {
    expect(await subsamplingOf('photos/lepton-androidprogressive.jpg', quality)).toBe('4:2:0');
    expect(await subsamplingOf('photos/kodim23.png', quality)).toBe('4:2:0');
  });
});
