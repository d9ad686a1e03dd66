// A local stand-in of the GitHub REST API for the Action's tests: it lists a pull request's files from the fixture's
// bare remote with git itself (so the list is what GitHub would compute), keeps issue comments in memory, and
// records every request (method, path, token, body) for the test to check.
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedCall {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export interface GitHubStandIn {
  url: string;
  calls: RecordedCall[];
  comments: { id: number; body: string }[];
  close(): Promise<void>;
}

const STATUS: Record<string, string> = { A: 'added', M: 'modified', D: 'removed', R: 'renamed', C: 'copied', T: 'changed' };

export async function startGitHubStandIn(options: { repository: string; pr: number; bareRepo: string; base: string; head: string }): Promise<GitHubStandIn> {
  const calls: RecordedCall[] = [];
  const comments: { id: number; body: string }[] = [];
  let nextId = 1000;
  const prFiles = () =>
    execFileSync('git', ['diff', '--name-status', '--no-renames', `${options.base}...${options.head}`], { cwd: options.bareRepo, encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [status, filename] = line.split('\t');
        return { filename, status: STATUS[status![0]!] ?? 'modified' };
      });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const body = text ? (JSON.parse(text) as { body?: string }) : undefined;
      const url = new URL(req.url ?? '/', 'http://stand-in');
      calls.push({ method: req.method ?? '', path: url.pathname + url.search, authorization: req.headers.authorization, body });
      const send = (status: number, json: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      const repo = `/repos/${options.repository}`;
      const page = Number(url.searchParams.get('page') ?? '1');
      if (req.method === 'GET' && url.pathname === `${repo}/pulls/${options.pr}/files`) return send(200, page === 1 ? prFiles() : []);
      if (req.method === 'GET' && url.pathname === `${repo}/issues/${options.pr}/comments`) return send(200, page === 1 ? comments : []);
      if (req.method === 'POST' && url.pathname === `${repo}/issues/${options.pr}/comments`) {
        const comment = { id: nextId++, body: body?.body ?? '' };
        comments.push(comment);
        return send(201, comment);
      }
      const edit = new RegExp(`^${repo}/issues/comments/(\\d+)$`).exec(url.pathname);
      if (req.method === 'PATCH' && edit) {
        const comment = comments.find((c) => c.id === Number(edit[1]));
        if (!comment) return send(404, { message: 'Not Found' });
        comment.body = body?.body ?? '';
        return send(200, comment);
      }
      return send(404, { message: 'Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, calls, comments, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
