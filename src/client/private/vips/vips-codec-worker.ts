// A private-mode codec worker on the isolated page: the codec core's pipeline with the libvips engine, one file at a
// time, by the same loop codec-worker.ts runs the single-threaded encoders with where the page cannot be isolated.
import { stripForPassOn, stripPng } from '#codec-core/index';
import type { ImageFormat } from '#contract/settings';
import { serveCodecRequests } from '#client/private/codec-worker-loop.ts';
import { createVipsEngine } from './vips-engine';
import { loadVips } from './vips-runtime';

/** Private mode removes metadata (the server's `strip` policy), by the core's one rule. */
const passOnStripped = (input: Uint8Array, format: ImageFormat) => stripForPassOn(input, format, 'strip');

/** oxipng (jSquash's build), loaded with the first PNG, on the file the libvips PNG writer made. */
async function oxipng(png: Uint8Array): Promise<Uint8Array> {
  const { default: optimise } = await import('@jsquash/oxipng/optimise.js');
  const copy = png.slice().buffer;
  return new Uint8Array(await optimise(copy, { level: 2, interlace: false, optimiseAlpha: false }));
}

serveCodecRequests(createVipsEngine({ load: loadVips, oxipng, passOn: passOnStripped, stripPng }));
