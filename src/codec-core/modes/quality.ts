// `quality` and `lossless` modes: one encode per candidate at the asked quality (or pixel-identical); the smallest wins.
import type { Strategy } from './strategy';
import { likeliestFirst, smallestOf } from './strategy';

export const qualityStrategy: Strategy = {
  order: likeliestFirst,
  settlesBeforeEncoding: () => null,
  async search(job, format) {
    const lossless = job.image.settings.mode === 'lossless';
    const encoded = await job.engine.encode(job.image, 'upload', format, { quality: job.quality, lossless, exactQuality: false, size: job.image.bounded });
    return { format, encoded, quality: lossless ? null : job.quality };
  },
  choose: smallestOf,
  fallback: async () => null,
};
