// JPEG XL through libjxl's reference tools, `cjxl` and `djxl` (Debian's libjxl-tools), run as child processes of the
// codec process: sharp's prebuilt libvips has no libjxl, and the WebAssembly builds encode from pixels only, while
// only cjxl can recompress a JPEG losslessly (keeping what rebuilds it bit for bit). docs/decisions/0401-jpeg-xl.md.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CodecError } from '#codec-core/index';

export const JXL_UNAVAILABLE_MESSAGE = 'JPEG XL is not available on this server (its encoder is not installed); please choose another format';

let available: Promise<boolean> | undefined;

/** Whether cjxl and djxl can be run here (asked once per process). */
export function jxlToolsAvailable(): Promise<boolean> {
  available ??= Promise.all([run('cjxl', ['--version']), run('djxl', ['--version'])]).then(() => true, () => false);
  return available;
}

function run(tool: string, args: string[], signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    // One thread: parallelism comes from concurrent jobs (sharp-setup.ts).
    execFile(tool, args, { signal, maxBuffer: 1024 * 1024, windowsHide: true }, (error) => (error ? reject(error) : resolve()));
  });
}

/** Runs `tool` on `input` written to a private temporary file and returns what it wrote. */
async function throughFiles(tool: 'cjxl' | 'djxl', input: Uint8Array, inName: string, outName: string, args: string[], signal?: AbortSignal): Promise<Buffer> {
  if (!(await jxlToolsAvailable())) throw new CodecError('unsupported-format', JXL_UNAVAILABLE_MESSAGE);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'imgc-jxl-'));
  try {
    const from = path.join(dir, inName);
    const to = path.join(dir, outName);
    await fs.writeFile(from, input, { mode: 0o600 });
    await run(tool, [from, to, '--num_threads=0', '--quiet', ...args], signal);
    return await fs.readFile(to);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export interface CjxlOptions {
  quality?: number;
  effort: number;
  lossless?: true;
}

/** Pixels (a PNG) as JPEG XL: lossy at libjxl's `quality`, or modular lossless. */
export function cjxlFromPng(png: Uint8Array, options: CjxlOptions, signal?: AbortSignal): Promise<Buffer> {
  const quality = options.lossless ? ['--distance=0'] : [`--quality=${options.quality}`];
  return throughFiles('cjxl', png, 'in.png', 'out.jxl', [...quality, `--effort=${options.effort}`], signal);
}

/** A JPEG recompressed losslessly: djxl rebuilds the very same JPEG file from it. */
export function cjxlFromJpeg(jpeg: Uint8Array, effort: number, signal?: AbortSignal): Promise<Buffer> {
  return throughFiles('cjxl', jpeg, 'in.jpg', 'out.jxl', ['--lossless_jpeg=1', `--effort=${effort}`], signal);
}

/** A JPEG XL decoded to an 8-bit PNG (with its colour profile when it has one). */
export function djxlToPng(jxl: Uint8Array, signal?: AbortSignal): Promise<Buffer> {
  return throughFiles('djxl', jxl, 'in.jxl', 'out.png', ['--bits_per_sample=8'], signal);
}

/** JPEG XL's two signatures: the bare codestream and the ISO-BMFF container. */
export function isJxl(head: Uint8Array): boolean {
  if (head.length >= 2 && head[0] === 0xff && head[1] === 0x0a) return true;
  const box = [0, 0, 0, 0x0c, 0x4a, 0x58, 0x4c, 0x20, 0x0d, 0x0a, 0x87, 0x0a];
  return head.length >= 12 && box.every((b, i) => head[i] === b);
}
