// The probes' answers, shared by the server, the OpenAPI document and the Help page's status card (which reads
// GET /api/health/ready). Liveness: the process answers. Readiness: it may be sent traffic now; each dependency's
// state is listed so a person (or the status card) can see which one is down.
import { z } from 'zod';

export const READINESS_STATUSES = ['ready', 'starting', 'draining', 'unavailable'] as const;
export type ReadinessStatus = (typeof READINESS_STATUSES)[number];

export const dependencyCheckSchema = z
  .object({
    ok: z.boolean().describe('The dependency answered within the time limit'),
    message: z.string().optional().describe('Why it cannot be used, in a few words (absent when ok)'),
  })
  .meta({ id: 'DependencyCheck' });

export const readinessSchema = z
  .object({
    status: z
      .enum(READINESS_STATUSES)
      .describe('ready: take traffic (200). starting: not listening yet; draining: stopping after SIGTERM; unavailable: a dependency failed (all 503)'),
    checks: z
      .object({ database: dependencyCheckSchema, queue: dependencyCheckSchema, storage: dependencyCheckSchema })
      .describe('Each dependency as checked for this answer'),
  })
  .meta({ id: 'Readiness' });

export const livenessSchema = z.object({ status: z.literal('alive') }).meta({ id: 'Liveness' });

export type DependencyCheck = z.infer<typeof dependencyCheckSchema>;
export type Readiness = z.infer<typeof readinessSchema>;
export type Liveness = z.infer<typeof livenessSchema>;
