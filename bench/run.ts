// npm run bench: runs every section in sections/index.ts and writes bench/results/report.{md,json}.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureTools } from './lib/tools';
import { sections } from './sections';
import type { BenchContext } from './types';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (message: string) => process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);

async function main(): Promise<void> {
  const resultsDir = path.join(repoRoot, 'bench', 'results');
  await fs.mkdir(resultsDir, { recursive: true });
  const tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-'));
  const ctx: BenchContext = { repoRoot, corpusDir: path.resolve(repoRoot, '../shared/corpus'), resultsDir, tmpDir, log };
  // Only run the sections named on the command line, if any (npm run bench -- codec-speed).
  const only = process.argv.slice(2);
  const chosen = only.length ? sections.filter((s) => only.includes(s.name)) : sections;

  const started = Date.now();
  await ensureTools(log);
  const parts: string[] = [];
  const json: Record<string, unknown> = {};
  let failed = 0;
  try {
    for (const section of chosen) {
      log(`section ${section.name}`);
      const t = Date.now();
      try {
        const result = await section.run(ctx);
        parts.push(result.markdown);
        json[section.name] = result.json;
      } catch (error) {
        failed++;
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        parts.push(`## ${section.name}\n\nFailed:\n\n\`\`\`\n${message}\n\`\`\``);
        json[section.name] = { error: message };
      }
      log(`section ${section.name} took ${Math.round((Date.now() - t) / 1000)} s`);
    }
  } finally {
    await fs.rm(tmpDir, { recursive: true, force: true });
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  const header = [
    '# Benchmark report',
    '',
    `Generated ${new Date().toISOString()} by \`npm run bench\` in ${seconds} s on ${os.cpus().length} cores, Node ${process.version}, ${os.platform()} ${os.release()}.`,
  ].join('\n');
  const markdown = `${[header, ...parts].join('\n\n')}\n`;
  await fs.writeFile(path.join(resultsDir, 'report.md'), markdown);
  await fs.writeFile(path.join(resultsDir, 'report.json'), `${JSON.stringify({ generatedAt: new Date().toISOString(), seconds, sections: json }, null, 2)}\n`);
  process.stdout.write(markdown);
  if (failed) process.exitCode = 1;
}

await main();
