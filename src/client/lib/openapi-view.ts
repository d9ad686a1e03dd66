// Turns the served OpenAPI document's JSON Schemas into what the reference page shows: a short type label per schema
// and one row per object field. Pure functions, so they are tested without a DOM.
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  contentMediaType?: string;
  additionalProperties?: boolean | JsonSchema;
};

export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  notes: string;
}

const refName = (ref: string) => ref.split('/').pop() ?? ref;

export function typeLabel(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  if (schema.$ref) return refName(schema.$ref);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map(typeLabel).join(' or ');
  if (schema.type === 'array') return `array of ${typeLabel(schema.items)}`;
  if (schema.contentMediaType) return `file (${schema.contentMediaType})`;
  if (Array.isArray(schema.type)) return schema.type.join(' or ');
  if (schema.type === 'object' && !schema.properties) return 'object';
  return schema.type ?? 'any';
}

function notesOf(schema: JsonSchema): string {
  const notes: string[] = [];
  if (schema.description) notes.push(schema.description);
  const min = schema.minimum ?? schema.minLength;
  const max = schema.maximum ?? schema.maxLength;
  // Integer bounds at the safe-integer limits are zod's way of saying "an integer", not a real range.
  if (min !== undefined && max !== undefined && Math.abs(max) < Number.MAX_SAFE_INTEGER) notes.push(`${min}-${max}`);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  return notes.join('; ');
}

/** The fields of an object schema (following one $ref), or none when it is not an object with properties. */
export function fieldRows(schema: JsonSchema | undefined, components: Record<string, JsonSchema>): FieldRow[] {
  const resolved = schema?.$ref ? components[refName(schema.$ref)] : schema;
  if (!resolved?.properties) return [];
  const required = new Set(resolved.required ?? []);
  return Object.entries(resolved.properties).map(([name, field]) => ({
    name,
    type: typeLabel(field),
    required: required.has(name),
    // A field that only points at a named schema reads that schema's meaning ("code": ErrorCode's).
    notes: notesOf(field.$ref && !field.description ? { ...field, description: components[refName(field.$ref)]?.description } : field),
  }));
}
