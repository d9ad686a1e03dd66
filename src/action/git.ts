// Git in the workflow's checkout: commit the compressed files (only those paths) and push them to the PR branch.
import { execFileSync } from 'node:child_process';

export class GitError extends Error {}

const git = (cwd: string, args: string[]) => {
  try {
    // Paths are the pull request's file names: `*.png` or `:(glob)…` must name that one file, never a pattern.
    const env = { ...process.env, GIT_LITERAL_PATHSPECS: '1' };
    return execFileSync('git', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr?.trim();
    throw new GitError(`git ${args[0]} failed: ${stderr || (err as Error).message}`);
  }
};

export function headSha(cwd: string): string {
  return git(cwd, ['rev-parse', 'HEAD']);
}

/** Commits exactly `paths` (nothing else the workspace may hold) and pushes to the branch; returns the commit. */
export function commitAndPush(cwd: string, paths: string[], message: string, branch: string): string {
  git(cwd, ['add', '--', ...paths]);
  git(cwd, [
    '-c', 'user.name=github-actions[bot]',
    '-c', 'user.email=41898282+github-actions[bot]@users.noreply.github.com',
    'commit', '--no-verify', '-m', message, '--', ...paths,
  ]);
  git(cwd, ['push', 'origin', `HEAD:refs/heads/${branch}`]);
  return headSha(cwd);
}
