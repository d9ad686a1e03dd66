// Section helpers; the section contract itself lives in ../types.ts.
import type { BenchContext } from '../types';

export type { BenchSection, SectionResult } from '../types';

/** Progress lines through the orchestrator's log, prefixed with the section's name; stdout stays the report. */
export function progress(ctx: BenchContext, section: string): (message: string) => void {
  return (message) => ctx.log(`${section}: ${message}`);
}
