// npm run bench: runs every section in sections/index.ts and writes bench/results/report.{md,json}. With --smoke,
// every section runs on a tiny copy of the corpus and writes bench/results/smoke-report.{md,json} instead (lib/smoke.ts);
// either way the run fails when a section throws.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useCorpusDir } from './lib/corpus';
import { chooseSections, runSections, type SectionsRun } from './lib/run-sections';
import { SMOKE, makeSmokeCorpus } from './lib/smoke';
import { ensureTools } from './lib/tools';
import { sections } from './sections';
import type { BenchContext } from './types';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (message: string) => process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);

async function main(): Promise<void> {
  // Only the sections named on the command line, if any (npm run bench -- codec-speed).
  const chosen = chooseSections(sections, process.argv.slice(2));
  const resultsDir = path.join(repoRoot, 'bench', 'results');
  await fs.mkdir(resultsDir, { recursive: true });
  const tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-'));
  const sharedCorpus = path.resolve(repoRoot, '../shared/corpus');
  const corpusDir = SMOKE ? await makeSmokeCorpus(sharedCorpus, path.join(tmpDir, 'smoke-corpus')) : sharedCorpus;
  useCorpusDir(corpusDir);
  const ctx: BenchContext = { repoRoot, corpusDir, resultsDir, tmpDir, log };

  const started = Date.now();
  await ensureTools(log);
  let run: SectionsRun;
  try {
    run = await runSections(chosen, ctx);
  } finally {
    await fs.rm(tmpDir, { recursive: true, force: true });
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  const header = [
    SMOKE ? '# Benchmark smoke run (tiny inputs: the figures mean nothing)' : '# Benchmark report',
    '',
    `Generated ${new Date().toISOString()} by \`npm run bench${SMOKE ? ' -- --smoke' : ''}\` in ${seconds} s on ${os.cpus().length} cores, Node ${process.version}, ${os.platform()} ${os.release()}.`,
  ].join('\n');
  const markdown = `${[header, ...run.parts].join('\n\n')}\n`;
  const report = SMOKE ? 'smoke-report' : 'report';
  await fs.writeFile(path.join(resultsDir, `${report}.md`), markdown);
  await fs.writeFile(path.join(resultsDir, `${report}.json`), `${JSON.stringify({ generatedAt: new Date().toISOString(), seconds, sections: run.json }, null, 2)}\n`);
  process.stdout.write(markdown);
  if (run.failed) {
    log(`${run.failed} of ${chosen.length} sections failed`);
    process.exitCode = 1;
  }
}

await main();
