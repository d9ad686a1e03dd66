// A small seeded PRNG so jittered schedules are the same on every run (shared with the tests' seeded randomness).
export { mulberry32 as seededRandom } from '../../tests/support/seed';
