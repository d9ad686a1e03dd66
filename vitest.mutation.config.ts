import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Mutation testing (npm run test:mutation) runs the in-process tests only: Stryker switches mutants inside the test
// process, so the API, scale-out, hostile and browser levels (which run the server as a child process) cannot kill
// mutants. The scores therefore measure the unit level's strength on the mutated folders, plus the one scale-out
// file that runs the BullMQ queue in the test process (tests/api/scaleout-bullmq-queue.test.ts): bullmq-queue.ts
// needs Redis, so this run provides the services the way the api-scaleout project does (its global setup starts a
// throwaway Redis and PostgreSQL unless TEST_REDIS_URL/REDIS_URL and TEST_PG_URL/DATABASE_URL are given).
export default defineConfig({
  plugins: [react()],
  // The unit project's hang guard (vitest.config.ts): a loaded machine takes many times a test's quiet time.
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/api/scaleout-bullmq-queue.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    globalSetup: ['tests/support/scaleout-global-setup.ts'],
  },
});
