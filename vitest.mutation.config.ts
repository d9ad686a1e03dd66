import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Mutation testing (npm run test:mutation) runs the in-process tests only: Stryker switches mutants inside the test
// process, so the API, scale-out, hostile and browser levels (which run the server as a child process) cannot kill
// mutants. The scores therefore measure the unit level's strength on the mutated folders.
export default defineConfig({
  plugins: [react()],
  // The unit project's hang guard (vitest.config.ts): a loaded machine takes many times a test's quiet time.
  test: { include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 120_000 },
});
