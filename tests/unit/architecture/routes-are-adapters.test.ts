// Routes are adapters (docs/decisions/0320-use-cases-in-services.md), held by two lint rules that run with
// `npm run lint`: a route file may not import the sandbox, codec, storage or database rooms, and the routes folder
// constructs at most MAX_ROUTE_DOMAIN_ERRORS DomainErrors in all. Here we prove both bite, and that the tree obeys.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/paths';
// @ts-expect-error: a plain-JavaScript lint plugin without type declarations
import { countRouteDomainErrors, MAX_ROUTE_DOMAIN_ERRORS } from '../../../eslint/route-errors.js';

const lint = async (filePath: string, code: string, ruleId: string) => {
  const [result] = await new ESLint({ cwd: REPO_ROOT }).lintText(code, { filePath: `${REPO_ROOT}/${filePath}` });
  return result!.messages.filter((m) => m.ruleId === ruleId).map((m) => m.message);
};

describe('routes are adapters', () => {
  it('refuses a route importing the sandbox, codec, storage or database, and lets services through', async () => {
    for (const room of ['sandbox/codec-pool', 'codec/index', 'storage/blob-store', 'db/schema']) {
      const found = await lint('src/server/http/routes/probe.ts', `export type { X } from '#server/${room}';\n`, 'layers/no-upward-import');
      expect(found, room).toEqual([expect.stringContaining('routes are adapters')]);
    }
    expect(await lint('src/server/http/routes/probe.ts', "export type { UploadService } from '#server/jobs/upload-service';\n", 'layers/no-upward-import')).toEqual([]);
    // The same import outside the routes folder is fine.
    expect(await lint('src/server/http/probe.ts', "export type { X } from '#server/storage/blob-store';\n", 'layers/no-upward-import')).toEqual([]);
  }, 120_000);

  it(`refuses more than ${MAX_ROUTE_DOMAIN_ERRORS} DomainErrors constructed in the routes folder, counted together`, async () => {
    const existing = countRouteDomainErrors();
    expect(existing).toBeLessThanOrEqual(MAX_ROUTE_DOMAIN_ERRORS);
    const extra = MAX_ROUTE_DOMAIN_ERRORS - existing + 1;
    const code = `import { DomainError } from '#server/errors';\nexport const e = [${Array.from({ length: extra }, () => "new DomainError('NOT_FOUND', 'x')").join(', ')}];\n`;
    expect(await lint('src/server/http/routes/probe.ts', code, 'route-errors/max-domain-errors')).toHaveLength(extra);
    const fewer = `import { DomainError } from '#server/errors';\nexport const e = [${Array.from({ length: extra - 1 }, () => "new DomainError('NOT_FOUND', 'x')").join(', ')}];\n`;
    expect(await lint('src/server/http/routes/probe.ts', fewer, 'route-errors/max-domain-errors')).toEqual([]);
  }, 120_000);
});
