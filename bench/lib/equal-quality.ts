// "At equal butteraugli": the bytes a reference encoder needs to reach a given score, found by
// searching over the reference's own quality knob instead of interpolating between a few fixed
// settings (which leaves most images outside the range and hides the rest in coarse steps).

export interface RatePoint {
  setting: number;
  bytes: number;
  /** butteraugli: lower is better. */
  score: number;
}

export interface QualityKnob {
  /** Inclusive integer range of the setting. */
  min: number;
  max: number;
  /** True when a higher setting gives a better image (cjpeg -quality); false for quantisers (avifenc --min/--max). */
  higherIsBetter: boolean;
}

export interface Match {
  /** Interpolated bytes at the target score; for an out-of-range target, the bytes at the nearest end (see `bound`). */
  bytes: number;
  /** Settings that bracket the target (equal when the target is hit exactly or out of range). */
  settings: [number, number];
  /**
   * 'exact' when the reference reaches the target; 'cannot-reach' when even its best setting scores worse
   * than the target (its bytes there are a lower bound on what it would need, so our ratio is an upper bound);
   * 'always-better' when even its worst setting scores better (our ratio is then a lower bound).
   */
  bound: 'exact' | 'cannot-reach' | 'always-better';
  /** Points this search asked for (a memoised evaluate makes repeats free). */
  evaluations: number;
}

/**
 * Finds, by bracketing and regula falsi over integer settings, two adjacent settings whose scores
 * bracket `target`, and interpolates the bytes between them in log-size. butteraugli is not strictly
 * monotonic in the setting, so the search keeps the bracket invariant (score(worse) > target >=
 * score(better)) rather than assuming a shape; it always ends with adjacent settings.
 * `evaluate` should memoise: the presets' targets are near each other and share points.
 */
export async function bytesAtScore(
  knob: QualityKnob,
  target: number,
  guess: number,
  evaluate: (setting: number) => Promise<RatePoint>,
): Promise<Match> {
  let evaluations = 0;
  const at = async (s: number) => {
    evaluations++;
    return evaluate(s);
  };
  // Work in "goodness" coordinates g where a higher g is a better image.
  const toSetting = (g: number) => (knob.higherIsBetter ? g : knob.max + knob.min - g);
  const gMin = knob.min;
  const gMax = knob.max;
  const clamp = (g: number) => Math.min(gMax, Math.max(gMin, Math.round(g)));

  // Bracket: worse (score > target) and better (score <= target).
  let g = clamp(knob.higherIsBetter ? guess : toSetting(guess));
  let p = await at(toSetting(g));
  let worse: { g: number; p: RatePoint } | undefined;
  let better: { g: number; p: RatePoint } | undefined;
  if (p.score > target) worse = { g, p }; else better = { g, p };
  for (let step = 8; !(worse && better); step *= 2) {
    if (!better) {
      if (worse!.g === gMax) return { bytes: worse!.p.bytes, settings: [worse!.p.setting, worse!.p.setting], bound: 'cannot-reach', evaluations };
      g = clamp(worse!.g + step);
      p = await at(toSetting(g));
      if (p.score > target) worse = { g, p }; else better = { g, p };
    } else {
      if (better.g === gMin) return { bytes: better.p.bytes, settings: [better.p.setting, better.p.setting], bound: 'always-better', evaluations };
      g = clamp(better.g - step);
      p = await at(toSetting(g));
      if (p.score > target) worse = { g, p }; else better = { g, p };
    }
  }
  let w = worse!;
  let b = better!;
  // The bracket may be inverted (a worse image at a higher setting: non-monotonic metric);
  // then the two points are all we can say and we interpolate between them as they are.
  while (Math.abs(b.g - w.g) > 1) {
    const t = (w.p.score - target) / (w.p.score - b.p.score);
    let next = Math.round(w.g + t * (b.g - w.g));
    const lo = Math.min(w.g, b.g) + 1;
    const hi = Math.max(w.g, b.g) - 1;
    next = Math.min(hi, Math.max(lo, next));
    const np = await at(toSetting(next));
    if (np.score > target) w = { g: next, p: np }; else b = { g: next, p: np };
  }
  if (b.p.score === target || w.p.score === b.p.score) {
    return { bytes: b.p.bytes, settings: [b.p.setting, b.p.setting], bound: 'exact', evaluations };
  }
  const t = (w.p.score - target) / (w.p.score - b.p.score);
  const bytes = Math.exp(Math.log(w.p.bytes) + t * (Math.log(b.p.bytes) - Math.log(w.p.bytes)));
  return { bytes, settings: [w.p.setting, b.p.setting], bound: 'exact', evaluations };
}

/** Wraps an evaluation so each setting is encoded and scored once per image. */
export function memoise(evaluate: (setting: number) => Promise<RatePoint>): (setting: number) => Promise<RatePoint> {
  const cache = new Map<number, Promise<RatePoint>>();
  return (setting) => {
    let hit = cache.get(setting);
    if (!hit) {
      hit = evaluate(setting);
      cache.set(setting, hit);
    }
    return hit;
  };
}
