// The codec as the unit tests call it: with a time limit far above the product's 30 s unless a test sets its own.
// These tests check what the codec makes, not how fast; on a loaded machine a slow encode must not become a
// failure. The time limit itself is tested with explicit limits (compress-errors.test.ts, tests/hostile).
import { compress as codecCompress } from '#server/codec/index';

const UNHURRIED_SECONDS = 600;

export const compress: typeof codecCompress = (input, options) => codecCompress(input, { timeoutSeconds: UNHURRIED_SECONDS, ...options });

/**
 * The vitest time limit of tests that encode whole corpus images, several at once: a guard against a hang, not a
 * speed check (speed is measured by `npm run bench`), so it leaves room for a heavily loaded machine.
 */
export const HANG_GUARD_MS = 600_000;
