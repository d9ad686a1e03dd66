// Auto is bounded as a whole: its candidates are tried likeliest winner first, and none is started once the search
// budget would not hold it; what was found is kept, and the job's note says the search was cut.
import { describe, expect, it } from 'vitest';
import { SEARCH_CUT_REASON } from '#codec-core/pipeline';
import { autoSearchSeconds, codecTimeLimit } from '#server/codec/time-limit';
import { planCompress } from '#server/sandbox/request-plan';
import { DEFAULT_CODEC_FIELDS } from '#contract/settings-schema';
import { readCorpus } from './corpus';
import { compress } from './unhurried';

const photo = () => readCorpus('photos/kodim23.png');

describe('Auto search budget', () => {
  it('tries the likeliest winner first, and without a budget every candidate', async () => {
    const result = await compress(photo(), { quality: 80, format: 'auto' });
    expect(result.decision!.candidates.filter((c) => !c.original).map((c) => c.format)).toEqual(['avif', 'webp', 'jpeg']);
    expect(result.notes).toBeUndefined();
  });

  it('stops starting candidates past its budget, keeps the best found, and says so', async () => {
    // A budget no encode fits in: the first candidate is always tried, the others are not started.
    const result = await compress(photo(), { quality: 80, format: 'auto', searchSeconds: 0.001 });
    expect(result.decision!.candidates.filter((c) => !c.original).map((c) => c.format)).toEqual(['avif']);
    expect(result.output.format).toBe('avif');
    expect(result.decision!.skipped.filter((s) => s.reason === SEARCH_CUT_REASON).map((s) => s.format)).toEqual(['webp', 'jpeg']);
    expect(result.notes).toEqual(['Auto compared 1 of 3 formats before its time limit and kept the smallest of those.']);
  });

  it('is given the time its slowest candidate would get alone, inside the hard limit of all of them', () => {
    expect(autoSearchSeconds(30)).toBe(120);
    expect(codecTimeLimit(30, 'auto', 'jpeg')).toBe(240);
    const settings = DEFAULT_CODEC_FIELDS;
    const planned = planCompress({ inputPath: 'x', outputPath: 'y', inputFormat: 'jpeg', settings: { ...settings, format: 'auto' } }, 30);
    expect(planned.task.request.limits).toMatchObject({ timeoutSeconds: 240, searchSeconds: 120 });
    const fixed = planCompress({ inputPath: 'x', outputPath: 'y', inputFormat: 'jpeg', settings: { ...settings, format: 'jpeg' } }, 30);
    expect(fixed.task.request.limits!.searchSeconds).toBeUndefined();
  });
});
