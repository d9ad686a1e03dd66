import { defineConfig } from 'vitest/config';

// Mutation testing of src/codec-core (stryker.core.config.json) with the core's own fast suite: the pipeline, every
// strategy, never-larger, the container rules and the palette climb over a synthetic engine (tests/unit/codec-core),
// no sharp. The codec's tests through sharp (vitest.mutation-codec.config.ts) check the same rules end to end.
export default defineConfig({
  test: {
    include: ['tests/unit/codec-core/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
  },
});
