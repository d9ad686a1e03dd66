// The search behind `size` mode: the largest integer setting (a quality, or the long side of a downscale) whose
// encoding is at most the target, for encodings that grow with the setting. Each probe is a full encode, so the
// search spends few: it aims each probe at the target along the secant of the last two probes on log(bytes) (one
// probe and an assumed slope at first), kept inside the bracket of the best fitting and failing probes; after two
// steps in a row that did not halve the bracket it bisects, so it never needs much more than twice log2(range)
// probes however badly the sizes follow the model. On the corpus photos a quality search over 1-100 took 2-7 encodes,
// mostly 3-5 (pure bisection: 7, always), and a downscale search 4-5.
// Sizes that do not grow monotonically only make the answer less than optimal, never wrong: a result is only ever
// a probe that was encoded and measured.

export interface Probe<T> {
  at: number;
  bytes: number;
  result: T;
}

export interface SearchOptions {
  /** The range searched, both ends included. */
  lo: number;
  hi: number;
  /** Largest acceptable size in bytes. */
  target: number;
  /** The first setting tried when nothing is known yet. */
  start: number;
  /**
   * How log(bytes) follows the setting: `linear` in it (quality) or in its logarithm (a side length: bytes grow
   * about with the area).
   */
  model: 'linear' | 'log';
  /** Change of log(bytes) per unit of the (modelled) setting, assumed until two probes measure it. */
  slope: number;
  /** Most encodes the search may spend. */
  maxProbes: number;
  /** A setting just above the range already known not to fit, with its size: the search starts from its slope. */
  knownFailing?: { at: number; bytes: number };
  /** Stop early when a fitting and a failing setting are this close (a side length within 1%, say). */
  closeEnough?: (fitting: number, failing: number) => boolean;
}

export interface SearchOutcome<T> {
  /** The largest setting that fit, or null when none did. */
  best: Probe<T> | null;
  /** The smallest encoding made. */
  smallest: Probe<T> | null;
  probes: number;
}

interface Point {
  at: number;
  bytes: number;
}

export async function largestFitting<T>(encode: (at: number) => Promise<{ bytes: number; result: T }>, o: SearchOptions): Promise<SearchOutcome<T>> {
  const x = (at: number) => (o.model === 'log' ? Math.log(at) : at);
  const fromX = (v: number) => (o.model === 'log' ? Math.exp(v) : v);
  const goal = Math.log(o.target);
  let fitting: Probe<T> | null = null;
  let failing: Point | null = o.knownFailing ?? null;
  let smallest: Probe<T> | null = null;
  const recent: Point[] = o.knownFailing ? [o.knownFailing] : [];
  let probes = 0;
  let slowSteps = 0;
  const fitAt = () => fitting?.at ?? o.lo - 1;
  const failAt = () => (failing && failing.at <= o.hi ? failing.at : o.hi + 1);

  while (failAt() - fitAt() > 1 && probes < o.maxProbes) {
    if (fitting && failing && o.closeEnough?.(fitting.at, failing.at)) break;
    // The secant through the last two probes (log bytes against the modelled setting), else the assumed slope.
    const [a, b] = recent.slice(-2).reverse();
    let guess = o.start;
    if (a && b && x(a.at) !== x(b.at)) {
      const slope = (Math.log(a.bytes) - Math.log(b.bytes)) / (x(a.at) - x(b.at));
      guess = slope > 0 ? fromX(x(a.at) + (goal - Math.log(a.bytes)) / slope) : NaN;
    } else if (a) guess = fromX(x(a.at) + (goal - Math.log(a.bytes)) / o.slope);
    if (slowSteps >= 2 || !Number.isFinite(guess)) guess = (fitAt() + failAt()) / 2;
    // Rounded down (a fitting probe is worth more than a failing one), inside the bracket: a guess just past one
    // end probes its neighbour, which is what closes the bracket.
    const at = Math.min(failAt() - 1, Math.max(fitAt() + 1, Math.floor(guess)));

    const width = failAt() - fitAt();
    const { bytes, result } = await encode(at);
    probes++;
    const probe = { at, bytes, result };
    recent.push(probe);
    if (!smallest || bytes < smallest.bytes) smallest = probe;
    if (bytes <= o.target) fitting = probe;
    else failing = probe;
    // Two steps in a row that did not halve the bracket hand the next step to bisection.
    slowSteps = failAt() - fitAt() > width / 2 ? slowSteps + 1 : 0;
  }
  return { best: fitting, smallest, probes };
}
