// `npm test`: every level in turn (type check, lint, build, then the test levels), each one's time printed, and a
// summary at the end. A failing level does not stop the later ones (a scale-out failure should not hide what the
// browser tests say); the run fails if any level failed.
import { spawnSync } from 'node:child_process';

const LEVELS = ['typecheck', 'lint', 'build', 'test:unit', 'test:api', 'test:api:scaleout', 'test:hostile', 'test:e2e'];

const results: { level: string; seconds: number; ok: boolean }[] = [];
for (const level of LEVELS) {
  console.log(`\n=== ${level}`);
  const started = process.hrtime.bigint();
  const run = spawnSync('npm', ['run', '--silent', level], { stdio: 'inherit' });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const ok = run.status === 0;
  results.push({ level, seconds, ok });
  console.log(`=== ${level}: ${ok ? 'passed' : `FAILED (${run.error?.message ?? `exit ${run.status ?? run.signal}`})`} in ${seconds.toFixed(1)} s`);
}

const total = results.reduce((sum, r) => sum + r.seconds, 0);
console.log('\nlevel               time      result');
for (const r of results) console.log(`${r.level.padEnd(20)}${`${r.seconds.toFixed(1)} s`.padStart(8)}  ${r.ok ? 'passed' : 'FAILED'}`);
console.log(`${'total'.padEnd(20)}${`${(total / 60).toFixed(1)} min`.padStart(8)}`);
const failed = results.filter((r) => !r.ok);
if (failed.length) {
  console.log(`\n${failed.length} level(s) failed: ${failed.map((r) => r.level).join(', ')}`);
  process.exitCode = 1;
}
