import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { NoSkipsInCi } from './tests/support/no-skips-in-ci';

// Three levels: unit (pure logic and components), api (real server over HTTP; twice: embedded and scale-out), e2e (Chromium).
export default defineConfig({
  plugins: [react()],
  test: {
    // With CI=true a skipped test fails the run (see the reporter).
    reporters: ['default', new NoSkipsInCi()],
    projects: [
      {
        extends: true,
        // The time limit is a hang guard, not a speed check: unit tests encode real images, and a loaded 2-core
        // machine can take many times its quiet time (speed is measured by npm run bench).
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 120_000 },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          // Multi-process worker tests need PostgreSQL and Redis: they run in the api-scaleout project only.
          exclude: ['tests/api/scaleout-*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 150_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'hostile',
          include: ['tests/hostile/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 150_000,
          fileParallelism: false,
        },
      },
      {
        // The same API suite against PostgreSQL and BullMQ on Redis, started by the global setup on free ports in
        // temporary directories (never the machine's services), one database and key prefix per server;
        // tests/api/scaleout-*.test.ts only run here.
        extends: true,
        test: {
          name: 'api-scaleout',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          env: { TEST_MODE: 'scaleout' },
          globalSetup: ['tests/support/scaleout-global-setup.ts'],
          setupFiles: ['tests/support/scaleout-setup.ts'],
          // The multi-process tests start three or four servers each: slow on a loaded machine, never a hang.
          testTimeout: 420_000,
          hookTimeout: 150_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 150_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
