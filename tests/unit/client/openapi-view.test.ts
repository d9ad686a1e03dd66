// The reference page's schema rendering, against the real generated document.
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '#contract/openapi';
import { fieldRows, typeLabel, type JsonSchema } from '#client/lib/openapi-view.ts';

describe('openapi view', () => {
  const doc = buildOpenApiDocument();
  const components = doc.components.schemas as Record<string, JsonSchema>;

  it('lists the Job fields with readable types', () => {
    const rows = fieldRows({ $ref: '#/components/schemas/Job' }, components);
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    expect(byName.status).toMatchObject({ type: '"pending" | "processing" | "completed" | "error"', required: true });
    expect(byName.compressedSize?.type).toBe('integer or null');
    expect(byName.originalSize?.notes).toBe('Bytes of the upload'); // no fake safe-integer range
  });

  it('labels arrays, refs and files', () => {
    expect(typeLabel({ type: 'array', items: { $ref: '#/components/schemas/Job' } })).toBe('array of Job');
    expect(typeLabel({ type: 'string', contentMediaType: 'image/png' })).toBe('file (image/png)');
    const upload = (doc.paths['/api/compress']!.post as { requestBody: { content: Record<string, { schema: JsonSchema }> } }).requestBody;
    const rows = fieldRows(upload.content['multipart/form-data']!.schema, components);
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['quality', 'type', 'images']));
    expect(rows.find((r) => r.name === 'quality')?.notes).toContain('1-100');
  });

  it('gives every field a script sends or reads a one-line meaning, and the values of every closed set', () => {
    const upload = (doc.paths['/api/compress']!.post as { requestBody: { content: Record<string, { schema: JsonSchema }> } }).requestBody;
    const retune = { $ref: '#/components/schemas/RecompressSettings' };
    const tables = {
      upload: fieldRows(upload.content['multipart/form-data']!.schema, components),
      ...Object.fromEntries(['Job', 'CompressResponse', 'FormatDecision', 'UploadRejection', 'Error'].map((n) => [n, fieldRows({ $ref: `#/components/schemas/${n}` }, components)])),
      retune: fieldRows(retune, components),
    };
    const undescribed = Object.entries(tables).flatMap(([table, rows]) => rows.filter((r) => r.notes.trim() === '').map((r) => `${table}.${r.name}`));
    expect(undescribed).toEqual([]);
    const byName = Object.fromEntries(tables.upload.map((r) => [r.name, r]));
    expect(byName.format?.type).toBe('"original" | "jpeg" | "png" | "webp" | "avif" | "auto"');
    expect(byName.mode?.type).toBe('"quality" | "smart" | "size" | "lossless"');
    expect(byName.metadata?.type).toBe('"strip" | "keep" | "keep-all"');
    expect(byName.format?.notes).toContain('default `original`');
    const wait = (doc.paths['/api/jobs/{id}']!.get as { parameters: { name: string; description?: string }[] }).parameters.find((p) => p.name === 'wait');
    expect(wait?.description).toMatch(/Seconds/);
  });
});
