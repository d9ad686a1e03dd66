// The GitHub Action: compresses the images a pull request adds or changes, commits the smaller ones to its branch (or
// only reports), and keeps one summary comment up to date. Exit code 1 with a GitHub error annotation when the key is
// refused, the server is unreachable or the inputs are wrong.
import fs from 'node:fs';
import { ApiClient, AuthError, UnreachableError } from '#cli/client';
import { ActionInputError, readInputs, type ActionInputs } from './inputs';
import { GitHub, GitHubError } from './github';
import { compressFiles, selectFiles, type FileResult } from './compress-files';
import { commitAndPush, GitError, headSha } from './git';
import { summaryComment } from './summary';

export interface ActionIo {
  log: (line: string) => void;
}

export async function runAction(env: NodeJS.ProcessEnv, io: ActionIo): Promise<number> {
  try {
    await compressPullRequest(readInputs(env), env, io);
    return 0;
  } catch (err) {
    io.log(`::error title=ImageSqueeze::${annotation(err)}`);
    return 1;
  }
}

async function compressPullRequest(inputs: ActionInputs, env: NodeJS.ProcessEnv, io: ActionIo): Promise<void> {
  const github = new GitHub(inputs.apiUrl, inputs.githubToken, inputs.pr.repository);
  const client = new ApiClient(inputs.serverUrl, inputs.apiKey);
  // Fails fast, before any work, on a refused key or an unreachable server.
  await client.uploadConfig();
  const files = selectFiles(await github.changedFiles(inputs.pr.number), inputs);
  io.log(`${files.length} image(s) in this pull request match the globs`);
  if (files.length === 0) return writeOutputs(env, []);

  const results = await compressFiles(client, files, { ...inputs, workspace: inputs.workspace });
  for (const r of results) io.log(`${r.kept ? 'smaller' : 'kept'} ${r.file}: ${r.before} -> ${r.after ?? 'failed'} bytes${r.note ? ` (${r.note})` : ''}`);
  const kept = results.filter((r) => r.kept);
  let committed: string | null = null;
  let reason: string | undefined;
  if (kept.length > 0 && inputs.commit) {
    if (inputs.pr.fromFork) reason = 'Not committed: this pull request comes from a fork, whose branch this workflow cannot push to.';
    else if (headSha(inputs.workspace) !== inputs.pr.headSha) {
      reason = 'Not committed: the checkout is not the head of the pull request branch (use actions/checkout with `ref: ${{ github.head_ref }}`).';
    } else {
      committed = commitAndPush(inputs.workspace, [...new Set(kept.map((r) => r.target))], inputs.commitMessage, inputs.pr.headRef);
      io.log(`committed ${kept.length} file(s) as ${committed}`);
    }
  }
  await github.upsertComment(inputs.pr.number, summaryComment(results, { committed, reportOnly: !inputs.commit, reason }));
  writeOutputs(env, results, committed);
}

function writeOutputs(env: NodeJS.ProcessEnv, results: FileResult[], commit: string | null = null): void {
  if (!env.GITHUB_OUTPUT) return;
  const kept = results.filter((r) => r.kept);
  const saved = kept.reduce((s, r) => s + r.before - (r.after ?? r.before), 0);
  fs.appendFileSync(env.GITHUB_OUTPUT, `compressed-count=${kept.length}\nbytes-saved=${saved}\ncommit=${commit ?? ''}\n`);
}

function annotation(err: unknown): string {
  if (err instanceof AuthError) return `The ImageSqueeze server refused the API key (${err.message}). Check the api-key secret, or create a new key on your dashboard.`;
  if (err instanceof UnreachableError) return `${err.message}. Check server-url and that the server is running.`;
  if (err instanceof ActionInputError || err instanceof GitHubError || err instanceof GitError) return err.message;
  return `Unexpected failure: ${(err as Error).message ?? String(err)}`;
}
