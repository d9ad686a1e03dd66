// Turns a failed zod parse into one message per field (the first), for showing next to each input.
import type { ZodType } from 'zod';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function validate<T, K extends string>(
  schema: ZodType<T>,
  input: Record<K, string>,
): { ok: true; data: T } | { ok: false; errors: FieldErrors<K> } {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors<K> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as K | undefined;
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
