// A reporter that fails the run when a test was skipped under CI=true: CI must run every test (the fault tests that
// need root included), so a skip there hides a missing prerequisite. Outside CI a skip only prints its reason.
import type { Reporter, TestModule } from 'vitest/node';

export class NoSkipsInCi implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    if (process.env.CI !== 'true') return;
    const skipped: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        if (test.result().state === 'skipped') skipped.push(`${module.moduleId}: ${test.fullName}`);
      }
    }
    if (!skipped.length) return;
    console.error(`\nCI=true and ${skipped.length} test(s) were skipped; CI must run them all:\n  ${skipped.join('\n  ')}\n`);
    process.exitCode = 1;
  }
}
