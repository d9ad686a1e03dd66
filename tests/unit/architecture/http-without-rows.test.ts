// The HTTP layer sees the services' types, never the store's rows (docs/decisions/0601): a lint rule refuses any
// database module and any `…Row` type imported under src/server/http. Here we prove it bites, and that the tree obeys.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/paths';

const lint = async (filePath: string, code: string) => {
  const [result] = await new ESLint({ cwd: REPO_ROOT }).lintText(code, { filePath: `${REPO_ROOT}/${filePath}` });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
};

describe('the HTTP layer without rows', () => {
  it('refuses a row type from a service or the schema, and any database module, under src/server/http', async () => {
    expect(await lint('src/server/http/probe.ts', "import type { JobRow } from '#server/jobs/job-service';\nexport type X = JobRow;\n")).toEqual([expect.stringContaining('not the store')]);
    expect(await lint('src/server/http/routes/probe.ts', "import type { SessionRow } from '#server/db/schema';\nexport type X = SessionRow;\n")).not.toEqual([]);
    expect(await lint('src/server/http/probe.ts', "import { SessionRepository } from '#server/db/session-repository';\nexport const X = SessionRepository;\n")).toEqual([expect.stringContaining('no database module')]);
  }, 120_000);

  it('lets the services’ own types through, and rows elsewhere', async () => {
    expect(await lint('src/server/http/probe.ts', "import type { Session } from '#server/auth/session-service';\nexport type X = Session;\n")).toEqual([]);
    expect(await lint('src/server/jobs/probe.ts', "import type { JobRow } from '#server/db/schema';\nexport type X = JobRow;\n")).toEqual([]);
  }, 120_000);

  it('the tree obeys', async () => {
    const results = await new ESLint({ cwd: REPO_ROOT }).lintFiles(['src/server/http/**/*.ts']);
    const refused = results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => `${r.filePath}: ${m.message}`));
    expect(refused).toEqual([]);
  }, 120_000);
});
