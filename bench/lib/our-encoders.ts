// The codec's own lossy encoders as the bench drives them: pixels of a sample in, file bytes out,
// through the same colour step and encoder descriptors as compress().
import sharp from 'sharp';
import { toSrgb8 } from '#server/codec/colour/colour';
import { Deadline } from '#server/codec/deadline';
import { ENCODERS } from '#server/codec/encoders/index';

export type LossyFormat = 'jpeg' | 'webp' | 'avif';

export interface OurEncoder {
  format: LossyFormat;
  /** The encoder's settings for our quality, for the report. */
  describe(quality: number): string;
  encode(samplePng: Buffer, quality: number): Promise<Buffer>;
}

const describeOptions = (options: object) => Object.entries(options).map(([k, v]) => `${k} ${String(v)}`).join(', ');

function ours(format: LossyFormat): OurEncoder {
  const encoder = ENCODERS[format];
  return {
    format,
    describe: (q) => describeOptions(encoder.options(q)),
    async encode(samplePng, quality) {
      const meta = await sharp(samplePng).metadata();
      const deadline = new Deadline(600);
      try {
        const encoded = await encoder.encode(toSrgb8(sharp(samplePng), meta), {
          quality,
          source: { input: samplePng, format: 'png', meta },
          deadline,
        });
        return encoded.data;
      } finally {
        deadline.dispose();
      }
    },
  };
}

export const OUR_ENCODERS: OurEncoder[] = [ours('jpeg'), ours('webp'), ours('avif')];
