// The orchestrator's loop (run.ts): which sections a command line names, and running them one after another, a
// failing one reported (and counted, so the run exits non-zero) without stopping the rest.
import type { BenchContext, BenchSection } from '../types';

/** The sections named on the command line (flags such as --smoke aside), or all; an unknown name is an error. */
export function chooseSections(all: readonly BenchSection[], args: readonly string[]): BenchSection[] {
  const only = args.filter((a) => !a.startsWith('--'));
  const unknown = only.filter((name) => !all.some((s) => s.name === name));
  if (unknown.length) throw new Error(`no bench section ${unknown.join(', ')}; the sections are ${all.map((s) => s.name).join(', ')}`);
  return only.length ? all.filter((s) => only.includes(s.name)) : [...all];
}

export interface SectionsRun {
  /** Each section's markdown, a failed one's error in its place. */
  parts: string[];
  json: Record<string, unknown>;
  /** How many sections threw. */
  failed: number;
}

export async function runSections(chosen: readonly BenchSection[], ctx: BenchContext): Promise<SectionsRun> {
  const parts: string[] = [];
  const json: Record<string, unknown> = {};
  let failed = 0;
  for (const section of chosen) {
    ctx.log(`section ${section.name}`);
    const t = Date.now();
    try {
      const result = await section.run(ctx);
      parts.push(result.markdown);
      json[section.name] = result.json;
    } catch (error) {
      failed++;
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      ctx.log(`section ${section.name} FAILED: ${message}`);
      parts.push(`## ${section.name}\n\nFailed:\n\n\`\`\`\n${message}\n\`\`\``);
      json[section.name] = { error: message };
    }
    ctx.log(`section ${section.name} took ${Math.round((Date.now() - t) / 1000)} s`);
  }
  return { parts, json, failed };
}
