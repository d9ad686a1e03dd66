// An animated JPEG XL, read by libjxl's reference decoder into an APNG (every frame composited, with its duration and
// the loop count), which the animation engine reads like any APNG upload (0513). The header says whether it is an
// animation before anything is decoded; the decode is held to the job's time limit, and what is left of it is the
// rest's.
import { CodecError, CORRUPT_MESSAGE, type CodecLimits } from '#codec-core/index';
import { Deadline } from '#server/codec/deadline';
import { timeoutError } from '#server/codec/errors';
import { jxlFeatures } from '#server/codec/input/jxl-features';
import { isJxl } from '#codec-core/index';
import { djxlToApng } from '#server/codec/jxl/libjxl-tools';

export interface DecodedJxlAnimation {
  apng: Buffer;
  /** The job's time limit less what the decode took (at least one second). */
  secondsLeft: number;
}

export async function decodedJxlAnimation(input: Buffer, limits: CodecLimits): Promise<DecodedJxlAnimation | null> {
  if (!isJxl(input) || !jxlFeatures(input)?.animated) return null;
  const started = Date.now();
  const deadline = new Deadline(limits.timeoutSeconds);
  try {
    const apng = await djxlToApng(input, deadline.signal);
    const spent = (Date.now() - started) / 1000;
    return { apng, secondsLeft: Math.max(1, Math.floor(limits.timeoutSeconds - spent)) };
  } catch (error) {
    if (deadline.signal.aborted) throw timeoutError(limits.timeoutSeconds);
    if (error instanceof CodecError) throw error;
    throw new CodecError('corrupt', CORRUPT_MESSAGE);
  } finally {
    deadline.dispose();
  }
}
