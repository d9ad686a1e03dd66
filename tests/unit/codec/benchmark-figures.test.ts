// The published claims file is written by `npm run bench` and imported by the about page.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ratioText } from '#client/content/benchmark-figures.ts';
import { COMPRESSION_PRESETS } from '#contract/presets';
import { REPO_ROOT, corpusPath } from '../../support/paths';

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../src/client/content/generated/benchmark-figures.json');

describe('benchmark-figures.json', () => {
  const figures = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;

  it('comes from a real run', () => {
    expect(figures.provisional).toBeUndefined();
    const generatedAt = figures.generatedAt as string;
    expect(new Date(generatedAt).toISOString()).toBe(generatedAt);
    expect(Date.parse(generatedAt)).toBeLessThanOrEqual(Date.now());
  });

  it('counts the corpus as it is now (a corpus change makes the figures stale until the bench runs again)', () => {
    // The bench measures every JPEG and PNG of the corpus's photos/ and png/ folders.
    const count = (folder: string) => fs.readdirSync(corpusPath(folder)).filter((n) => /\.(png|jpe?g)$/i.test(n)).length;
    expect(figures.corpus).toEqual({ photos: count('photos'), png: count('png') });
  });

  it('matches the published-figures table of the baseline report written by the same run', () => {
    // Both files come out of one `npm run bench -- codec-efficiency`; editing one by hand breaks the pair.
    const baseline = fs.readFileSync(path.join(REPO_ROOT, 'bench/BASELINE.md'), 'utf8');
    const presets = figures.presets as Record<string, { quality: number; medianReductionPercent: number; medianSsim: number }>;
    const section = baseline.slice(baseline.indexOf('## Published figures'));
    const corpus = figures.corpus as { photos: number; png: number };
    expect(section).toContain(`all ${corpus.photos + corpus.png} images`);
    for (const preset of COMPRESSION_PRESETS) {
      const p = presets[preset.id]!;
      expect(section).toContain(`| ${preset.id} | ${p.quality} | ${p.medianReductionPercent}% | ${p.medianSsim.toFixed(4)} |`);
    }
    expect(section).toContain(`Web preset: median reduction ${figures.medianReductionPercent as number}%, quality retained ${figures.qualityRetainedPercent as number}%`);
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

  it('states equal-quality ratios, when present, as plausible medians over a counted set', () => {
    const eq = figures.equalQuality as Record<string, unknown> | undefined;
    if (!eq) return;
    const ratios = [...Object.values(eq.jpegVsCjpeg as Record<string, unknown>), eq.webpVsCjpeg, eq.avifVsCjpeg, eq.pngVsPngquant, eq.pngLosslessVsOptipng] as { median: number; q1: number; q3: number; n: number }[];
    for (const r of ratios) {
      expect(r.n).toBeGreaterThan(0);
      expect(r.median).toBeGreaterThan(0.2);
      expect(r.median).toBeLessThan(3);
      expect(r.q1).toBeLessThanOrEqual(r.median);
      expect(r.q3).toBeGreaterThanOrEqual(r.median);
    }
  });
});

describe('ratioText', () => {
  it('says smaller, larger or the same in whole percent', () => {
    expect(ratioText(0.87)).toBe('13% smaller than');
    expect(ratioText(1.04)).toBe('4% larger than');
    expect(ratioText(0.996)).toBe('the same size as');
  });
});
