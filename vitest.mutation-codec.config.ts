import { defineConfig } from 'vitest/config';

// Mutation testing of src/server/codec (stryker.codec.config.json): the codec's unit tests, without the corpus sweep
// (compress-corpus.test.ts encodes every corpus file in several formats: minutes per run, which Stryker would repeat
// for every mutant it covers) and without the benchmark-figures check (it reads bench/BASELINE.md, not the codec).
// The score therefore measures the focused codec tests; the sweep and the API levels add checks it does not count.
export default defineConfig({
  test: {
    include: ['tests/unit/codec/**/*.test.ts'],
    exclude: ['tests/unit/codec/compress-corpus.test.ts', 'tests/unit/codec/benchmark-figures.test.ts'],
    environment: 'node',
    // The unit project's hang guard (vitest.config.ts): a loaded machine takes many times a test's quiet time.
    testTimeout: 120_000,
  },
});
