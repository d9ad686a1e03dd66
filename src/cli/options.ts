// Command-line options: parsed with node:util, compression settings validated with the contract's settings schema
// (the same the server applies), so a bad setting is refused before anything is uploaded.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { compressSettingsSchema } from '#contract/settings-schema';

export const EXIT = { ok: 0, someFailed: 1, usage: 2, auth: 3, unreachable: 4 } as const;

export class UsageError extends Error {}

export interface CliOptions {
  inputs: string[];
  server: string;
  key: string;
  /** Settings fields sent with each upload, as the form sends them (strings). */
  settings: Record<string, string>;
  outDir: string | null;
  inPlace: boolean;
  backupSuffix: string;
  concurrency: number;
  force: boolean;
  progress: boolean;
  /** Keep running and compress files as they appear or change in the named folders. */
  watch: boolean;
}

export const SETTING_NAMES = Object.keys(compressSettingsSchema.shape);
/** Each setting also as a kebab-case flag (--target-size for targetSize), the usual spelling on a command line. */
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const SETTING_ALIASES = SETTING_NAMES.filter((name) => kebab(name) !== name);

export const USAGE = `Usage: imagesqueeze [options] <files or folders...>

Compresses images with an ImageSqueeze server. Folders are searched recursively.

Options:
  -s, --server <url>       server URL (default $IMAGESQUEEZE_SERVER or http://localhost:5000)
  -k, --key <key>          API key (default $IMAGESQUEEZE_API_KEY); create one on the dashboard
  -o, --out <dir>          write results here, mirroring the input folders
  -i, --in-place           replace each file, keeping the original as <file><backup-suffix>
      --backup-suffix <s>  suffix of in-place backups (default .orig)
  -j, --concurrency <n>    parallel uploads, 1-8 (default 4)
  -f, --force              redo files a previous run already finished
  -w, --watch              keep running: compress files as they appear or change in the folders (Ctrl-C stops)
      --no-progress        no progress bar (one line per file instead)
${SETTING_NAMES.map((name) => `      --${kebab(name)} <value>`).join('\n')}
                           compression settings, as in the API reference (/developers)
  -h, --help               this text

Exit codes: 0 all done (or skipped as already done), 1 some files failed, 2 bad usage,
3 the key was refused, 4 the server could not be reached.`;

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): CliOptions | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        server: { type: 'string', short: 's' },
        key: { type: 'string', short: 'k' },
        out: { type: 'string', short: 'o' },
        'in-place': { type: 'boolean', short: 'i' },
        'backup-suffix': { type: 'string' },
        concurrency: { type: 'string', short: 'j' },
        force: { type: 'boolean', short: 'f' },
        'no-progress': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        watch: { type: 'boolean', short: 'w' },
        ...Object.fromEntries(SETTING_NAMES.map((name) => [name, { type: 'string' as const }])),
        ...Object.fromEntries(SETTING_ALIASES.map((name) => [kebab(name), { type: 'string' as const }])),
      },
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const v = parsed.values as Record<string, string | boolean | undefined>;
  if (v.help) return 'help';
  if (parsed.positionals.length === 0) throw new UsageError('Name at least one file or folder');
  const key = (v.key as string | undefined) ?? env.IMAGESQUEEZE_API_KEY;
  if (!key) throw new UsageError('No API key: pass --key or set IMAGESQUEEZE_API_KEY (create one on your dashboard)');
  const outDir = (v.out as string | undefined) ?? null;
  const inPlace = v['in-place'] === true;
  if (!outDir === !inPlace) throw new UsageError('Choose where results go: --out <dir> or --in-place');
  if (v.watch === true) {
    const notFolder = parsed.positionals.find((p) => !isFolder(p));
    if (notFolder !== undefined) throw new UsageError(`--watch needs folders: ${notFolder} is not one`);
  }
  const concurrency = z.coerce.number().int().min(1).max(8).safeParse(v.concurrency ?? '4');
  if (!concurrency.success) throw new UsageError('--concurrency must be a whole number from 1 to 8');

  const settings: Record<string, string> = {};
  for (const name of SETTING_NAMES) {
    const value = v[name] ?? v[kebab(name)];
    if (typeof value === 'string') settings[name] = value;
  }
  const checked = compressSettingsSchema.safeParse(settings);
  if (!checked.success) throw new UsageError(checked.error.issues[0]?.message ?? 'Invalid settings');

  const server = ((v.server as string | undefined) ?? env.IMAGESQUEEZE_SERVER ?? 'http://localhost:5000').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(server)) throw new UsageError('--server must be an http:// or https:// URL');
  return {
    inputs: parsed.positionals,
    server,
    key,
    settings,
    outDir,
    inPlace,
    backupSuffix: (v['backup-suffix'] as string | undefined) || '.orig',
    concurrency: concurrency.data,
    force: v.force === true,
    progress: v['no-progress'] !== true,
    watch: v.watch === true,
  };
}

const isFolder = (p: string) => {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
};
