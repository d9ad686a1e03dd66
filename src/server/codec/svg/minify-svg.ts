// SVGO's minifying of already sanitised SVG text, chosen per file under a rendering guard
// (docs/decisions/0501-svg-precision-per-file.md). The base is 0404's render-safe preset (8 decimals, exact path
// rewriting, no shape passes), which changes no rendering by construction. Then, one at a time, SVGO's shape passes
// (shapes to paths, merged paths, transforms rewritten) and a lower numeric precision are tried; a trial is kept
// only if it is smaller and librsvg renders it identically to the sanitised text, every channel of every pixel, at
// its own size and at 4x. Every trial is sanitised again by the allow-list; the trials are few, their renderings
// bounded in pixels, and none begins after a time budget, so the time per file is bounded too.
import { cleanSvg } from './clean-svg';
import { openSvg } from './svg-canvas';

/** At most this many trials per file (each: one SVGO run and two renderings), and none begun after the budget. */
const MAX_TRIALS = 7;
const TRIAL_BUDGET_MS = 4000;
/** Pixels of one guard rendering at most: the 4x rendering is made at a smaller scale when it would be larger. */
const MAX_GUARD_PIXELS = 4_000_000;
/** The numeric precisions tried, in decimals: the base keeps 8 (below a pixel at any size we render). */
const BASE_PRECISION = 8;
const LOWEST_PRECISION = 1;

type ShapePass = 'convertShapeToPath' | 'mergePaths' | 'convertTransform';
const SHAPE_PASSES: readonly ShapePass[] = ['convertShapeToPath', 'mergePaths', 'convertTransform'];

/**
 * The preset for a precision and the shape passes turned on: SVGO's defaults minus what can change a rendering
 * unseen (cleanupIds: an id may be referenced from outside the file, as icon sprites are), path data rewritten
 * exactly (no straightening or re-typing of curves, no applied transforms, no dropped segments), units never changed.
 */
export function renderSafePreset(precision = BASE_PRECISION, passes: readonly ShapePass[] = []) {
  const on = (pass: ShapePass) => passes.includes(pass);
  return {
    name: 'preset-default',
    params: {
      overrides: {
        convertShapeToPath: on('convertShapeToPath') ? { floatPrecision: precision } : false,
        mergePaths: on('mergePaths') ? { floatPrecision: precision } : false,
        convertTransform: on('convertTransform') ? { floatPrecision: precision, transformPrecision: precision + 2 } : false,
        cleanupIds: false,
        convertPathData: {
          floatPrecision: precision,
          transformPrecision: precision + 2,
          applyTransforms: false,
          applyTransformsStroked: false,
          straightCurves: false,
          convertToQ: false,
          curveSmoothShorthands: false,
          smartArcRounding: false,
          removeUseless: false,
        },
        cleanupNumericValues: { floatPrecision: precision, convertToPx: false },
      },
    },
  } as const;
}

/** svgo is loaded on the first SVG: a codec process that never sees one keeps its memory (it is retired above 1.5× its base). */
let svgo: Promise<typeof import('svgo')> | undefined;

/** SVGO's output for a preset, sanitised again; null when SVGO failed or the allow-list would remove anything. */
async function optimised(sanitised: string, precision: number, passes: readonly ShapePass[]): Promise<string | null> {
  const { optimize } = await (svgo ??= import('svgo'));
  try {
    const again = cleanSvg(optimize(sanitised, { multipass: false, plugins: [renderSafePreset(precision, passes)] }).data);
    return again.removed.length ? null : again.svg;
  } catch {
    return null;
  }
}

/**
 * The renderings a trial must match: at the drawing's own size and at 4x (less when that is too many pixels); null
 * for a drawing too large to check, which gets the base preset only.
 */
export async function guardScales(svg: string): Promise<number[] | null> {
  const meta = await openSvg(svg, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (meta?.format !== 'svg' || !meta.width || !meta.height) return null;
  const pixels = meta.width * meta.height;
  if (pixels > MAX_GUARD_PIXELS) return null;
  return [1, Math.min(4, Math.sqrt(MAX_GUARD_PIXELS / pixels))];
}

/** A rendering as the result is drawn (svg-canvas.ts), `scale` times its size. */
const rendering = (svg: string, scale: number) =>
  openSvg(svg, { scale, limitInputPixels: MAX_GUARD_PIXELS * 2 })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
    .then(({ data, info }) => Buffer.concat([Buffer.from(`${info.width}x${info.height}:`), data]));

/**
 * The smallest text found that renders as the sanitised one: the base preset's, then each shape pass and lower
 * precisions kept when they render identically. Never larger than the sanitised text.
 */
export async function minifiedSvg(sanitised: string): Promise<string> {
  const base = await optimised(sanitised, BASE_PRECISION, []);
  let best = base !== null && Buffer.byteLength(base) < Buffer.byteLength(sanitised) ? base : sanitised;
  const scales = await guardScales(sanitised);
  if (!scales) return best;
  let references: Buffer[] | undefined;
  let trials = 0;
  const started = performance.now();
  const mayTry = () => trials < MAX_TRIALS && performance.now() - started < TRIAL_BUDGET_MS;
  /** The candidate, if it is smaller than the best so far and renders as the sanitised text does. */
  const accepted = async (precision: number, passes: readonly ShapePass[]): Promise<string | null> => {
    if (!mayTry()) return null;
    trials += 1;
    const candidate = await optimised(sanitised, precision, passes);
    if (candidate === null || Buffer.byteLength(candidate) >= Buffer.byteLength(best)) return null;
    try {
      references ??= await Promise.all(scales.map((scale) => rendering(sanitised, scale)));
      const renderings = await Promise.all(scales.map((scale) => rendering(candidate, scale)));
      return renderings.every((r, i) => r.equals(references![i]!)) ? candidate : null;
    } catch {
      return null;
    }
  };

  const passes: ShapePass[] = [];
  for (const pass of SHAPE_PASSES) {
    const candidate = await accepted(BASE_PRECISION, [...passes, pass]);
    if (candidate === null) continue;
    passes.push(pass);
    best = candidate;
  }
  // The lowest precision that still renders identically, by bisection (fewer decimals: fewer bytes).
  let low = LOWEST_PRECISION;
  let high = BASE_PRECISION;
  while (low < high && mayTry()) {
    const middle = Math.floor((low + high) / 2);
    const candidate = await accepted(middle, passes);
    if (candidate === null) {
      low = middle + 1;
    } else {
      best = candidate;
      high = middle;
    }
  }
  return best;
}
