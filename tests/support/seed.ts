// Seeded randomness for tests that pick random moments or inputs: the seed is printed, and TEST_SEED replays a run.
export function seededRandom(what: string): () => number {
  const seed = process.env.TEST_SEED ? Number(process.env.TEST_SEED) : Math.floor(Math.random() * 2 ** 32);
  if (!Number.isInteger(seed)) throw new Error(`TEST_SEED must be an integer, not ${process.env.TEST_SEED}`);
  console.log(`${what}: seed ${seed} (replay with TEST_SEED=${seed})`);
  return mulberry32(seed);
}

/** A small seeded PRNG (mulberry32): plenty for choosing test moments and jittered bench schedules. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
