// The layer rules hold and the tree has no import cycles. The rules themselves live in eslint/layers.js and run with
// `npm run lint`; here we prove they bite on an upward import, and check the whole graph for cycles.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, importSpecifiers, roomCycles } from '../../support/import-graph';
import { REPO_ROOT } from '../../support/paths';

const lint = async (filePath: string, code: string) => {
  const [result] = await new ESLint({ cwd: REPO_ROOT }).lintText(code, { filePath: `${REPO_ROOT}/${filePath}` });
  return result!.messages.filter((m) => m.ruleId === 'layers/no-upward-import').map((m) => m.message);
};

describe('layers', () => {
  it('refuses upward imports, written as relative paths or through #aliases', async () => {
    expect(await lint('src/server/jobs/probe.ts', "import { sendDomainError } from '../http/error-handler';\nexport const x = sendDomainError;\n")).toEqual([
      '../http/error-handler breaks a layer rule: jobs never import the HTTP layer.',
    ]);
    expect(await lint('src/server/auth/probe.ts', "export { STATUS_OF } from '#server/http/error-status';\n")).toHaveLength(1);
    expect(await lint('src/client/lib/probe.ts', "export const load = () => import('../../server/faults');\n")).toHaveLength(1);
    expect(await lint('src/client/lib/probe.ts', "export { classifyFault } from '#server/faults';\n")).toHaveLength(1);
    expect(await lint('src/server/codec/probe.ts', "export { DomainError } from '../errors';\n")).toHaveLength(1);
    expect(await lint('src/contract/probe.ts', "import sharp from 'sharp';\nexport const s = sharp;\n")).toHaveLength(1);
  }, 120_000);

  it('keeps the codec core free of every platform: no node:*, no sharp, no package, nothing of the server', async () => {
    const core = 'src/codec-core/modes/probe.ts';
    expect(await lint(core, "import fs from 'node:fs';\nexport const f = fs;\n")).toHaveLength(1);
    expect(await lint(core, "import sharp from 'sharp';\nexport const s = sharp;\n")).toHaveLength(1);
    expect(await lint(core, "export { sharpEngine } from '#server/codec/engine/sharp-engine';\n")).toHaveLength(1);
    expect(await lint(core, "export { cn } from '#client/lib/cn.ts';\n")).toHaveLength(1);
    expect(await lint(core, "export { FORMATS } from '../formats';\nexport { IMAGE_FORMATS } from '#contract/settings';\n")).toEqual([]);
  }, 120_000);

  it('lets code outside the codec import only its public entries', async () => {
    const outside = 'src/server/jobs/probe.ts';
    expect(await lint(outside, "export { encodeAs } from '#server/codec/engine/encode';\n")).toHaveLength(1);
    expect(await lint(outside, "export { uploadWins } from '#codec-core/never-larger';\n")).toHaveLength(1);
    expect(await lint(outside, "export { sniffImageFormat } from '#server/codec/planning';\nexport { compress } from '#codec-core/index';\n")).toEqual([]);
    // Inside the codec its own rooms are open to it.
    expect(await lint('src/server/codec/engine/probe.ts', "export { uploadWins } from '#codec-core/never-larger';\n")).toEqual([]);
  }, 120_000);

  it('lets the same imports through where they point down', async () => {
    expect(await lint('src/server/http/probe.ts', "import { classifyFault } from '../faults';\nexport const f = classifyFault;\n")).toEqual([]);
    expect(await lint('src/server/codec/probe.ts', "import { MESSAGES } from '../../contract/messages';\nimport sharp from 'sharp';\nexport const m = [MESSAGES, sharp];\n")).toEqual([]);
    expect(await lint('src/contract/probe.ts', "import { z } from 'zod';\nexport const s = z.string();\n")).toEqual([]);
  }, 120_000);

  it('writes every import that leaves its folder through a #alias, never as ../', () => {
    const upward = [...importSpecifiers('src')].flatMap(([file, specifiers]) =>
      specifiers.filter((s) => s.startsWith('../')).map((s) => `${file}: ${s}`),
    );
    expect(upward).toEqual([]);
  });

  it('keeps the client’s lib/, api/ and content/ from importing its components, pages and private mode', async () => {
    expect(await lint('src/client/api/probe.ts', "import type { ToolWorkspace } from '#client/components/tool/tool-workspace.tsx';\nexport type W = ToolWorkspace;\n")).toHaveLength(1);
    expect(await lint('src/client/lib/probe.ts', "export { needsServer } from '../private/sniff';\n")).toHaveLength(1);
    expect(await lint('src/client/content/probe.ts', "export const page = () => import('#client/pages/home.tsx');\n")).toHaveLength(1);
    expect(await lint('src/client/components/tool/probe.ts', "export { cn } from '#client/lib/cn.ts';\nexport type { JobSource } from '#client/api/job-source.ts';\n")).toEqual([]);
  }, 120_000);

  it('has no arrow running back up between rooms (folder-level cycles) in the client, the codec and the core', () => {
    const graph = importGraph('src');
    for (const root of ['src', 'src/client', 'src/server/codec', 'src/codec-core']) expect(roomCycles(graph, root), root).toEqual([]);
    // The check bites: a room importing one that imports it back.
    const loop = new Map([['src/x/a/one.ts', ['src/x/b/two.ts']], ['src/x/b/two.ts', ['src/x/a/three.ts']], ['src/x/a/three.ts', []]]);
    expect(roomCycles(loop, 'src/x')).toHaveLength(1);
  });

  it('has no import cycles in src/, type-only imports included', () => {
    const graph = importGraph('src');
    expect(graph.size).toBeGreaterThan(100);
    expect(importCycles(graph)).toEqual([]);
  });
});
