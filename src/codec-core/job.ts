// One compression in progress: the engine (checked at every call against the stops, 0599), the opened upload, the
// asked quality, and Auto's search budget.
import type { Engine, OpenImage, Pixels } from './engine';
import type { Job } from './modes/strategy';
import { stoppable } from './stoppable';

export function clampQuality(quality: number): number {
  return Number.isFinite(quality) ? Math.min(100, Math.max(1, Math.round(quality))) : 80;
}

export interface JobOptions {
  /** Auto's budget for trying its candidates (0516), in seconds from now. */
  searchSeconds?: number;
  /** The clock the budget is measured with, in epoch milliseconds (tests give their own). */
  now?: () => number;
  /** The caller's stop (a file removed, a request gone): work ends at the next engine call, with its reason. */
  signal?: AbortSignal;
}

/** `engine` checked at every call against the caller's signal and the image's own stop, when there is either. */
export function stoppedBy<Image extends OpenImage>(engine: Engine<Image>, image: Image, signal?: AbortSignal): Engine<Image> {
  const stops = [signal, image.stop].filter((s): s is AbortSignal => s !== undefined);
  return stops.length ? stoppable(engine, stops) : engine;
}

/**
 * A job. Every engine call it makes is a checkpoint: once the caller's signal or the image's own stop (its deadline)
 * is aborted, the next call, and any answer arriving after, throws the abort's reason instead of starting more work.
 */
export function newJob<Image extends OpenImage>(engine: Engine<Image>, image: Image, options: JobOptions = {}): Job<Image> {
  const { searchSeconds, now = Date.now, signal } = options;
  const checked = stoppedBy(engine, image, signal);
  let pixels: Promise<Pixels> | undefined;
  const searchEndsAt = searchSeconds === undefined ? null : now() + searchSeconds * 1000;
  return { engine: checked, image, quality: clampQuality(image.settings.quality), pixels: () => (pixels ??= checked.pixels(image)), searchEndsAt, now };
}
