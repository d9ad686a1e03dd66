// The checkpoints that let a compression be stopped (a file removed, a request gone, the codec's deadline) without the
// core knowing what stops it: every engine call first checks the stops, and an answer that arrives after one fired is
// dropped for the stop's reason. The engines' own native work (one libvips encode) is not interrupted here: the
// server's deadline and the browser's worker termination bound that; this ends the run at the next stage, so no
// further candidate, probe or preview is started for a job nobody waits for.
import type { Engine, OpenImage } from './engine';

function check(stops: readonly AbortSignal[]): void {
  for (const stop of stops) stop.throwIfAborted();
}

const checked =
  <Args extends unknown[], Result>(stops: readonly AbortSignal[], call: (...args: Args) => Promise<Result>) =>
  async (...args: Args): Promise<Result> => {
    check(stops);
    const result = await call(...args);
    check(stops);
    return result;
  };

/** `engine` with every call checked against `stops` before it starts and after it answers. */
export function stoppable<Image extends OpenImage>(engine: Engine<Image>, stops: readonly AbortSignal[]): Engine<Image> {
  return {
    encodes: engine.encodes,
    cannotEncode: (format) => engine.cannotEncode(format),
    open: checked(stops, (input, settings, limits) => engine.open(input, settings, limits)),
    close: (image) => engine.close(image),
    traits: checked(stops, (image: Image, wanted: { colours: boolean }) => engine.traits(image, wanted)),
    encode: checked(stops, (image: Image, source, format, params) => engine.encode(image, source, format, params)),
    passOn(image) {
      check(stops);
      return engine.passOn(image);
    },
    pixels: checked(stops, (image: Image) => engine.pixels(image)),
    decodePixels: checked(stops, (image: Image, data) => engine.decodePixels(image, data)),
  };
}
