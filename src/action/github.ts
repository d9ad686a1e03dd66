// The few GitHub REST calls the action makes: the files a pull request adds or changes, and its one summary comment
// (found by a hidden marker and edited, so a re-run updates it instead of adding another).
export const COMMENT_MARKER = '<!-- imagesqueeze-action -->';

export class GitHubError extends Error {}

export class GitHub {
  constructor(
    private readonly apiUrl: string,
    private readonly token: string,
    private readonly repository: string,
  ) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.apiUrl}${path}`, {
      method,
      headers: {
        accept: 'application/vnd.github+json',
        'x-github-api-version': '2022-11-28',
        ...(this.token && { authorization: `Bearer ${this.token}` }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch((err: Error) => {
      throw new GitHubError(`Cannot reach the GitHub API at ${this.apiUrl}: ${err.message}`);
    });
    if (!res.ok) throw new GitHubError(`GitHub answered ${res.status} to ${method} ${path}: ${(await res.text()).slice(0, 200)}`);
    return (await res.json()) as T;
  }

  /** Paths the pull request adds, changes or renames (removed files are not there to compress). */
  async changedFiles(pr: number): Promise<string[]> {
    const files: string[] = [];
    for (let page = 1; ; page++) {
      const batch = await this.call<{ filename: string; status: string }[]>('GET', `/repos/${this.repository}/pulls/${pr}/files?per_page=100&page=${page}`);
      files.push(...batch.filter((f) => f.status !== 'removed').map((f) => f.filename));
      // GitHub lists at most 3000 files per pull request.
      if (batch.length < 100 || page >= 30) return files;
    }
  }

  /** Creates the summary comment, or edits the one an earlier run made. */
  async upsertComment(pr: number, body: string): Promise<void> {
    const marked = `${COMMENT_MARKER}\n${body}`;
    for (let page = 1; ; page++) {
      const comments = await this.call<{ id: number; body?: string }[]>('GET', `/repos/${this.repository}/issues/${pr}/comments?per_page=100&page=${page}`);
      const ours = comments.find((c) => c.body?.startsWith(COMMENT_MARKER));
      if (ours) {
        await this.call('PATCH', `/repos/${this.repository}/issues/comments/${ours.id}`, { body: marked });
        return;
      }
      if (comments.length < 100) break;
    }
    await this.call('POST', `/repos/${this.repository}/issues/${pr}/comments`, { body: marked });
  }
}
