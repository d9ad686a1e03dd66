// The contract between the bench orchestrator (run.ts) and its sections.

export interface BenchContext {
  /** Absolute path of the repository. */
  repoRoot: string;
  /** The shared test-image corpus beside the repository (never copied into it). */
  corpusDir: string;
  /** bench/results: git-ignored, rewritten on every run. */
  resultsDir: string;
  /** A scratch directory of this run, removed at the end; sections may use sub-folders. */
  tmpDir: string;
  /** Progress lines on stderr, so stdout stays the report. */
  log(message: string): void;
}

export interface SectionResult {
  /** A self-contained markdown fragment, starting with a level-2 heading. */
  markdown: string;
  /** Machine-readable figures of the same run, stored under the section's name in report.json. */
  json: unknown;
}

/**
 * One part of the report. Add a section by exporting an object like this and listing it in
 * sections/index.ts; the orchestrator runs sections one after another (never in parallel, so
 * timings do not disturb each other) and a failing section is reported without stopping the rest.
 */
export interface BenchSection {
  name: string;
  run(ctx: BenchContext): Promise<SectionResult>;
}
