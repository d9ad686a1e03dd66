// The published claims file is written by `npm run bench` and imported by the about page.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMPRESSION_PRESETS } from '../../../src/server/codec';

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../src/client/content/generated/benchmark-figures.json');

describe('benchmark-figures.json', () => {
  const figures = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;

  it('comes from a real run', () => {
    expect(figures.provisional).toBeUndefined();
    const generatedAt = figures.generatedAt as string;
    expect(new Date(generatedAt).toISOString()).toBe(generatedAt);
  });

  it('counts the corpus it measured', () => {
    const corpus = figures.corpus as { photos: number; png: number };
    expect(Number.isInteger(corpus.photos) && corpus.photos > 0).toBe(true);
    expect(Number.isInteger(corpus.png) && corpus.png > 0).toBe(true);
  });

  it('has plausible figures for every preset, at the preset qualities', () => {
    const presets = figures.presets as Record<string, { quality: number; medianReductionPercent: number; medianSsim: number }>;
    expect(Object.keys(presets).sort()).toEqual(['high', 'maximum', 'web']);
    for (const preset of COMPRESSION_PRESETS) {
      const p = presets[preset.id]!;
      expect(p.quality).toBe(preset.quality);
      expect(p.medianReductionPercent).toBeGreaterThan(0);
      expect(p.medianReductionPercent).toBeLessThan(100);
      expect(p.medianSsim).toBeGreaterThan(0.9);
      expect(p.medianSsim).toBeLessThanOrEqual(1);
    }
    // Lower quality never saves less.
    expect(presets.maximum!.medianReductionPercent).toBeGreaterThanOrEqual(presets.web!.medianReductionPercent);
    expect(presets.web!.medianReductionPercent).toBeGreaterThanOrEqual(presets.high!.medianReductionPercent);
  });

  it('headlines the web preset', () => {
    const presets = figures.presets as Record<string, { medianReductionPercent: number; medianSsim: number }>;
    expect(figures.medianReductionPercent).toBe(presets.web!.medianReductionPercent);
    const retained = figures.qualityRetainedPercent as number;
    expect(retained).toBeGreaterThan(0);
    expect(retained).toBeLessThanOrEqual(100);
    expect(retained).toBe(Math.round(presets.web!.medianSsim * 1000) / 10);
  });
});
