// JPEG XL through libjxl's reference tools, `cjxl` and `djxl` (Debian's libjxl-tools), run as child processes of the
// codec process: sharp's prebuilt libvips has no libjxl, and the WebAssembly builds encode from pixels only, while
// only cjxl can recompress a JPEG losslessly (keeping what rebuilds it bit for bit). docs/decisions/0401-jpeg-xl.md.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CodecError } from '#codec-core/index';
import { helperLimitAvailable, runHelper } from '#server/codec/helper-process';

export const JXL_UNAVAILABLE_MESSAGE = 'JPEG XL is not available on this server (its encoder is not installed); please choose another format';

let available: Promise<boolean> | undefined;

/** Whether cjxl and djxl can be run here, each held to its memory limit (asked once per process). */
export function jxlToolsAvailable(): Promise<boolean> {
  available ??= helperLimitAvailable()
    ? Promise.all([run('cjxl', ['--version']), run('djxl', ['--version'])]).then(() => true, () => false)
    : Promise.resolve(false);
  return available;
}

/**
 * Under the helpers' address-space limit (helper-process.ts): running out of it fails with the memory-limit error,
 * not as a damaged file.
 */
async function run(tool: string, args: string[], signal?: AbortSignal): Promise<void> {
  await runHelper(tool, args, { signal });
}

/** Runs `tool` on `input` written to a private temporary file and returns what it wrote. */
async function throughFiles(tool: 'cjxl' | 'djxl', input: Uint8Array, inName: string, outName: string, args: string[], signal?: AbortSignal): Promise<Buffer> {
  if (!(await jxlToolsAvailable())) throw new CodecError('unsupported-format', JXL_UNAVAILABLE_MESSAGE);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'imgc-jxl-'));
  try {
    const from = path.join(dir, inName);
    const to = path.join(dir, outName);
    await fs.writeFile(from, input, { mode: 0o600 });
    // One worker thread: parallelism comes from concurrent jobs (sharp-setup.ts). Not 0 (no thread pool): the
    // reference decoder of libjxl 0.7 then writes the samples of a PNG deeper than 8 bits as noise (0514).
    await run(tool, [from, to, '--num_threads=1', '--quiet', ...args], signal);
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

/**
 * The lowest quality cjxl takes: it turns a quality into a butteraugli distance (below 30: 6.4 + 2.5^((30 - q) / 5)
 * / 6.25) and refuses a distance over 25, its largest, with "Setting frame distance failed". Qualities 1 to 4 give
 * 38.9 down to 25.2, and a size search whose target nothing meets ends at quality 1: those are encoded at distance 25.
 */
const CJXL_LOWEST_QUALITY = 5;
const CJXL_LARGEST_DISTANCE = 25;

function qualityArgument({ quality, lossless }: CjxlOptions): string {
  if (lossless) return '--distance=0';
  return quality !== undefined && quality < CJXL_LOWEST_QUALITY ? `--distance=${CJXL_LARGEST_DISTANCE}` : `--quality=${quality}`;
}

/** Pixels (a PNG) as JPEG XL: lossy at libjxl's `quality`, or modular lossless. */
export function cjxlFromPng(png: Uint8Array, options: CjxlOptions, signal?: AbortSignal): Promise<Buffer> {
  return throughFiles('cjxl', png, 'in.png', 'out.jxl', [qualityArgument(options), `--effort=${options.effort}`], signal);
}

/** A JPEG recompressed losslessly: djxl rebuilds the very same JPEG file from it. */
export function cjxlFromJpeg(jpeg: Uint8Array, effort: number, signal?: AbortSignal): Promise<Buffer> {
  return throughFiles('cjxl', jpeg, 'in.jpg', 'out.jxl', ['--lossless_jpeg=1', `--effort=${effort}`], signal);
}

/**
 * A JPEG XL decoded to a PNG of its own depth (8 or 16 bits a sample), with its colour profile when it has one. Not
 * forced to 8 bits: libjxl 0.7's PNG writer ignores that for deeper images, and refuses one whose alpha is then of
 * another depth than its colour (0514); the sharp engine reduces 16 bits itself, after the colour conversion.
 */
export function djxlToPng(jxl: Uint8Array, signal?: AbortSignal): Promise<Buffer> {
  return throughFiles('djxl', jxl, 'in.jxl', 'out.png', [], signal);
}

/** An animated JPEG XL decoded to an APNG: every frame composited, with its duration and the loop count. */
export function djxlToApng(jxl: Uint8Array, signal?: AbortSignal): Promise<Buffer> {
  return throughFiles('djxl', jxl, 'in.jxl', 'out.apng', [], signal);
}
