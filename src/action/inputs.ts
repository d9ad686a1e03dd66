// The action's inputs (GitHub passes each as INPUT_<NAME> in upper case) and the pull request it runs on (the event
// payload at GITHUB_EVENT_PATH). Compression settings are checked with the contract's schema before any upload.
import fs from 'node:fs';
import { compressSettingsSchema } from '#contract/settings-schema';

export class ActionInputError extends Error {}

/** Action input name -> POST /api/compress field. */
const SETTING_INPUTS: Record<string, string> = {
  quality: 'quality',
  'compression-type': 'type',
  format: 'format',
  formats: 'formats',
  background: 'background',
  mode: 'mode',
  'target-size': 'targetSize',
  'allow-resize': 'allowResize',
  'max-width': 'maxWidth',
  'max-height': 'maxHeight',
  metadata: 'metadata',
};

export interface PullRequest {
  number: number;
  /** The PR branch, where compressed files are pushed. */
  headRef: string;
  headSha: string;
  /** owner/name of the base repository (comments, file list). */
  repository: string;
  /** The PR comes from another repository: its branch cannot be pushed to with this run's token. */
  fromFork: boolean;
}

export interface ActionInputs {
  serverUrl: string;
  apiKey: string;
  githubToken: string;
  include: string[];
  exclude: string[];
  minSavingPercent: number;
  minSavingBytes: number;
  /** false: only report (comment), never commit. */
  commit: boolean;
  commitMessage: string;
  settings: Record<string, string>;
  workspace: string;
  apiUrl: string;
  pr: PullRequest;
}

/** Globs separated by newlines or commas; a comma inside braces belongs to the glob (`*.{jpg,png}`). */
export function globList(raw: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of raw) {
    if (ch === '{') depth += 1;
    if (ch === '}') depth = Math.max(0, depth - 1);
    if (ch === '\n' || (ch === ',' && depth === 0)) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  out.push(current);
  return out.map((s) => s.trim()).filter(Boolean);
}

export function readInputs(env: NodeJS.ProcessEnv): ActionInputs {
  const input = (name: string, fallback = '') => (env[`INPUT_${name.toUpperCase()}`] ?? '').trim() || fallback;
  const serverUrl = input('server-url').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(serverUrl)) throw new ActionInputError('server-url must be the http:// or https:// address of an ImageSqueeze server');
  const apiKey = input('api-key');
  if (!apiKey) throw new ActionInputError('api-key is empty: store your API key as a repository secret and pass it as api-key');
  const number = (name: string, fallback: string) => {
    const value = Number(input(name, fallback));
    if (!Number.isFinite(value) || value < 0) throw new ActionInputError(`${name} must be a number of at least 0`);
    return value;
  };
  const settings: Record<string, string> = {};
  for (const [name, field] of Object.entries(SETTING_INPUTS)) {
    const value = input(name);
    if (value) settings[field] = value;
  }
  const checked = compressSettingsSchema.safeParse(settings);
  if (!checked.success) throw new ActionInputError(`Invalid compression settings: ${checked.error.issues[0]?.message ?? 'unknown'}`);
  const commit = input('commit', 'true').toLowerCase();
  if (commit !== 'true' && commit !== 'false') throw new ActionInputError('commit must be true or false');
  return {
    serverUrl,
    apiKey,
    githubToken: input('github-token', env.GITHUB_TOKEN ?? ''),
    include: globList(input('include', '**/*.{jpg,jpeg,png,webp,avif}')),
    exclude: globList(input('exclude')),
    minSavingPercent: number('min-saving-percent', '1'),
    minSavingBytes: number('min-saving-bytes', '100'),
    commit: commit === 'true',
    commitMessage: input('commit-message', 'Compress images with ImageSqueeze'),
    settings,
    workspace: env.GITHUB_WORKSPACE || process.cwd(),
    apiUrl: (env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, ''),
    pr: readPullRequest(env),
  };
}

function readPullRequest(env: NodeJS.ProcessEnv): PullRequest {
  if (!env.GITHUB_EVENT_PATH) throw new ActionInputError('GITHUB_EVENT_PATH is not set: run this action in a GitHub workflow');
  const event = JSON.parse(fs.readFileSync(env.GITHUB_EVENT_PATH, 'utf8')) as {
    pull_request?: { number: number; head: { ref: string; sha: string; repo?: { full_name?: string } | null }; base: { repo: { full_name: string } } };
  };
  const pr = event.pull_request;
  if (!pr) throw new ActionInputError(`This action runs on pull_request events; this run is a ${env.GITHUB_EVENT_NAME ?? 'different'} event`);
  const repository = env.GITHUB_REPOSITORY || pr.base.repo.full_name;
  return {
    number: pr.number,
    headRef: pr.head.ref,
    headSha: pr.head.sha,
    repository,
    fromFork: (pr.head.repo?.full_name ?? '') !== pr.base.repo.full_name,
  };
}
