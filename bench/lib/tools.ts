// The reference command-line encoders: installed on demand, run without a shell.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** command -> Debian package */
const TOOLS: Record<string, string> = {
  jpegoptim: 'jpegoptim',
  pngquant: 'pngquant',
  optipng: 'optipng',
  cjpeg: 'libjpeg-turbo-progs',
  butteraugli: 'butteraugli',
};

async function has(command: string): Promise<boolean> {
  try {
    await execFileAsync('sh', ['-c', `command -v ${command}`]);
    return true;
  } catch {
    return false;
  }
}

export async function ensureTools(log: (message: string) => void): Promise<void> {
  const missing: string[] = [];
  for (const [command, pkg] of Object.entries(TOOLS)) if (!(await has(command))) missing.push(pkg);
  if (missing.length === 0) return;
  const packages = [...new Set(missing)];
  log(`installing ${packages.join(', ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => execFileAsync('apt-get', ['install', '-y', ...packages], { env, maxBuffer: 64 << 20 });
  try {
    await install();
  } catch {
    // A fresh machine may not have package lists yet.
    await execFileAsync('apt-get', ['update'], { env, maxBuffer: 64 << 20 });
    await install();
  }
}

export interface RunResult {
  stdout: string;
  stderr: string;
  code: number;
}

/** Runs a tool; a non-zero exit is returned, not thrown (pngquant uses exit codes as answers). */
export async function run(command: string, args: readonly string[]): Promise<RunResult> {
  try {
    const { stdout, stderr } = await execFileAsync(command, [...args], { maxBuffer: 64 << 20 });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; code?: number | string };
    return { stdout: e.stdout ?? '', stderr: e.stderr ?? String(error), code: typeof e.code === 'number' ? e.code : -1 };
  }
}

export async function toolVersion(command: string, args: readonly string[]): Promise<string> {
  const { stdout, stderr } = await run(command, args);
  return (stdout || stderr).split('\n').find((l) => l.trim())?.trim() ?? 'unknown';
}
