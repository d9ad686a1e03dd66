// `npm test`: every level in turn (type check, lint, build, then the test levels), each one's time printed, and a
// summary at the end. A failing level does not stop the later ones (a scale-out failure should not hide what the
// browser tests say); the run fails if any level failed. CI keeps only the end of a long log, so the summary
// repeats why each failed level failed (vitest's "Failed Tests" section, or the last lines of other tools).
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';

// bench:smoke last: every bench section on tiny inputs (it uses the build and starts the scale-out services itself),
// so a change that breaks a bench fails here rather than on the next real bench run.
const LEVELS = ['typecheck', 'lint', 'build', 'test:unit', 'test:api', 'test:api:scaleout', 'test:hostile', 'test:e2e', 'bench:smoke'];
/** Lines of a failed level's output repeated in the summary, at most. */
const WHY_LINES = 80;

/** Runs one npm script, passing its output through as it comes and keeping a copy. */
function runLevel(level: string): Promise<{ code: number | null; signal: string | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', level], { stdio: ['inherit', 'pipe', 'pipe'] });
    const chunks: string[] = [];
    child.stdout.on('data', (d: Buffer) => (process.stdout.write(d), chunks.push(d.toString('utf8'))));
    child.stderr.on('data', (d: Buffer) => (process.stderr.write(d), chunks.push(d.toString('utf8'))));
    child.on('error', (err) => chunks.push(`\n${err.message}\n`));
    child.on('close', (code, signal) => resolve({ code, signal, output: chunks.join('') }));
  });
}

/** Why a level failed, for the summary: vitest's failure report if there is one, else the output's last lines. */
export function failureExcerpt(output: string): string {
  // eslint-disable-next-line no-control-regex
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const start = lines.findIndex((l) => /Failed Tests \d+|Failed Suites \d+|Unhandled Errors/.test(l));
  const picked = start >= 0 ? lines.slice(start) : lines.slice(-40);
  return picked.slice(0, WHY_LINES).join('\n');
}

async function main(): Promise<void> {
  const results: { level: string; seconds: number; ok: boolean; output: string }[] = [];
  for (const level of LEVELS) {
    console.log(`\n=== ${level}`);
    const started = process.hrtime.bigint();
    const run = await runLevel(level);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const ok = run.code === 0;
    results.push({ level, seconds, ok, output: run.output });
    console.log(`=== ${level}: ${ok ? 'passed' : `FAILED (exit ${run.code ?? run.signal})`} in ${seconds.toFixed(1)} s`);
  }

  const total = results.reduce((sum, r) => sum + r.seconds, 0);
  const failed = results.filter((r) => !r.ok);
  console.log('\nlevel               time      result');
  for (const r of results) console.log(`${r.level.padEnd(20)}${`${r.seconds.toFixed(1)} s`.padStart(8)}  ${r.ok ? 'passed' : 'FAILED'}`);
  console.log(`${'total'.padEnd(20)}${`${(total / 60).toFixed(1)} min`.padStart(8)}`);
  // Last, so that even a short tail of the log says which tests failed and why.
  for (const r of failed) console.log(`\n--- why ${r.level} failed\n${failureExcerpt(r.output)}`);
  if (failed.length) {
    console.log(`\n${failed.length} level(s) failed: ${failed.map((r) => r.level).join(', ')}`);
    process.exitCode = 1;
  }
}

// Run as the script (`npm test`), not when a test imports failureExcerpt.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
