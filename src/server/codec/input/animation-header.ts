// The frame count and canvas of an animated GIF or WebP, counted while the upload streams in, without decoding
// anything: the server refuses a frame bomb (a small file whose frames decode to more pixels than MAX_INPUT_PIXELS)
// at upload, like a PNG over its limit. GIF: header, colour tables and blocks skipped by their sizes; WebP: RIFF
// chunks (VP8X gives the canvas, each ANMF is a frame).

export interface AnimationSize {
  width: number;
  height: number;
  frames: number;
}

type Step = { need: number; then: (bytes: Buffer) => void } | { skip: number; then: () => void };

/** Fed the upload chunk by chunk; `size` once the canvas is known (frames so far). Stops at the first oddity. */
export class AnimationCounter {
  size: AnimationSize | null = null;
  private step: Step | null = null;
  private kind: 'gif' | 'webp' | 'other' | null = null;
  private pending: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): void {
    if (this.kind === 'other') return;
    let data: Buffer = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = Buffer.alloc(0);
    if (this.kind === null) {
      if (data.length < 12) return void (this.pending = data);
      const sig = data.toString('latin1', 0, 6);
      if (sig === 'GIF87a' || sig === 'GIF89a') this.startGif();
      else if (data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') this.startWebp();
      else return void (this.kind = 'other');
    }
    while (this.step && data.length) {
      const step = this.step;
      if ('skip' in step) {
        const n = Math.min(step.skip, data.length);
        data = data.subarray(n);
        step.skip -= n;
        if (step.skip === 0) step.then();
        continue;
      }
      if (data.length < step.need) return void (this.pending = Buffer.from(data));
      const bytes = data.subarray(0, step.need);
      data = data.subarray(step.need);
      step.then(bytes);
    }
  }

  private go(step: Step | null) {
    this.step = step;
  }

  private startGif() {
    this.kind = 'gif';
    this.go({
      need: 13,
      then: (b) => {
        this.size = { width: b.readUInt16LE(6), height: b.readUInt16LE(8), frames: 0 };
        const table = b[10]! & 0x80 ? 3 * 2 ** ((b[10]! & 7) + 1) : 0;
        this.go({ skip: table, then: () => this.gifBlock() });
        if (table === 0) this.gifBlock();
      },
    });
  }

  private gifBlock() {
    this.go({
      need: 1,
      then: ([introducer]) => {
        if (introducer === 0x21) return this.go({ need: 1, then: () => this.gifSubBlocks() });
        if (introducer !== 0x2c) return this.go(null); // trailer or damage: nothing more to count
        this.size!.frames++;
        this.go({
          need: 9,
          then: (d) => {
            const table = d[8]! & 0x80 ? 3 * 2 ** ((d[8]! & 7) + 1) : 0;
            this.go({ skip: table + 1, then: () => this.gifSubBlocks() }); // + the LZW minimum code size
          },
        });
      },
    });
  }

  private gifSubBlocks() {
    this.go({ need: 1, then: ([n]) => (n === 0 ? this.gifBlock() : this.go({ skip: n!, then: () => this.gifSubBlocks() })) });
  }

  private startWebp() {
    this.kind = 'webp';
    this.go({ skip: 12, then: () => this.webpChunk() });
  }

  private webpChunk() {
    this.go({
      need: 8,
      then: (h) => {
        const type = h.toString('latin1', 0, 4);
        const length = h.readUInt32LE(4) + (h.readUInt32LE(4) & 1);
        if (type === 'ANMF' && this.size) this.size.frames++;
        if (type !== 'VP8X' || length < 10) return this.go({ skip: length, then: () => this.webpChunk() });
        this.go({
          need: 10,
          then: (p) => {
            this.size = { width: p.readUIntLE(4, 3) + 1, height: p.readUIntLE(7, 3) + 1, frames: 0 };
            this.go({ skip: length - 10, then: () => this.webpChunk() });
          },
        });
      },
    });
  }
}

const megapixels = (n: number) => `${Math.round(n / 100_000) / 10} megapixels`;

/**
 * The refusal for an image whose frames decode to more than `maxPixels` in all, or null. A still image (no frame
 * counted, or one) is judged by its canvas: a WebP's VP8X canvas or a GIF's logical screen is what the decoder fills.
 */
export function animationOverLimit(size: AnimationSize | null, maxPixels: number): string | null {
  if (!size) return null;
  const frames = Math.max(1, size.frames);
  const total = size.width * size.height * frames;
  if (total <= maxPixels) return null;
  if (frames === 1) return `The image is ${size.width}×${size.height} pixels (${megapixels(total)}); the limit is ${megapixels(maxPixels)}`;
  return `The animation is ${size.width}×${size.height} pixels × ${size.frames} frames (${megapixels(total)} in all); the limit is ${megapixels(maxPixels)} (width × height × frames)`;
}
