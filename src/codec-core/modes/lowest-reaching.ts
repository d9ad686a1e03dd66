// The search behind `smart` mode: the lowest quality whose perceptual score still reaches a target.

export interface ScoreProbe {
  quality: number;
  score: number;
}

/** Most encodes one search spends (a bisection of 10-100 needs 7). */
export const MAX_PROBES = 8;

/** SSIMULACRA 2 points gained per step of our scale, assumed until two probes measure it (about 0.5-1 between 50 and 90). */
const SCORE_SLOPE = 0.7;

/**
 * The lowest quality in [lo, hi] whose score reaches `target`, probing `hi` first: when even that misses, it is the
 * answer (smart mode never goes above the asked quality). Scores rise with quality (not strictly), so each further
 * probe aims at the target along the secant of the last two (the assumed slope at first), rounded up and kept
 * inside the bracket of the highest quality seen to miss and the lowest seen to reach; after two steps in a row that
 * did not halve the bracket it bisects. The answer is always a probe that was measured.
 */
export async function lowestReaching(score: (quality: number) => Promise<number>, target: number, lo: number, hi: number): Promise<ScoreProbe> {
  const first = { quality: hi, score: await score(hi) };
  if (first.score < target || hi <= lo) return first;
  const seen: ScoreProbe[] = [first];
  let reached = first;
  let missed = lo - 1;
  let slowSteps = 0;
  for (let probes = 1; probes < MAX_PROBES && reached.quality - missed > 1; probes++) {
    const before = reached.quality - missed;
    const [a, b] = seen.slice(-2).reverse() as [ScoreProbe, ScoreProbe | undefined];
    const slope = b && a.quality !== b.quality ? (a.score - b.score) / (a.quality - b.quality) : SCORE_SLOPE;
    let guess = slope > 0 ? Math.ceil(a.quality + (target - a.score) / slope) : NaN;
    if (!Number.isFinite(guess) || slowSteps >= 2) guess = Math.floor((missed + reached.quality) / 2);
    const next = Math.min(reached.quality - 1, Math.max(missed + 1, guess));
    const probe = { quality: next, score: await score(next) };
    seen.push(probe);
    if (probe.score >= target) reached = probe;
    else missed = probe.quality;
    slowSteps = reached.quality - missed > before / 2 ? slowSteps + 1 : 0;
  }
  return reached;
}
