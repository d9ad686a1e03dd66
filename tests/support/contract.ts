// Validates real API responses against the served OpenAPI document with a JSON Schema 2020-12 validator (ajv), so a
// response that drifts from the contract fails the test that produced it.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect } from 'vitest';
import type { OpenApiDocument } from '#contract/openapi';

const pointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export class ContractChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly templates: { template: string; pattern: RegExp }[];

  constructor(readonly document: OpenApiDocument) {
    this.ajv.addSchema(document as object, 'openapi.json');
    this.templates = Object.keys(document.paths).map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`),
    }));
  }

  static async fetch(baseUrl: string): Promise<ContractChecker> {
    const res = await fetch(`${baseUrl}/api/openapi.json`);
    expect(res.status).toBe(200);
    return new ContractChecker((await res.json()) as OpenApiDocument);
  }

  /** The path template a concrete URL path matches (literal templates first, so /api/jobs beats /api/jobs/{id}). */
  templateOf(urlPath: string): string {
    const path = urlPath.split('?')[0]!;
    const exact = this.templates.find((t) => t.template === path);
    const match = exact ?? this.templates.find((t) => t.pattern.test(path));
    if (!match) throw new Error(`${path} is not in the OpenAPI document`);
    return match.template;
  }

  /** Checks status and body of a response against the document; returns the parsed JSON body (or null). */
  async check(res: Response, method: string, urlPath: string): Promise<unknown> {
    const template = this.templateOf(urlPath);
    const op = this.document.paths[template]?.[method.toLowerCase()] as { responses: Record<string, { content?: Record<string, unknown> }> } | undefined;
    expect(op, `${method} ${template} documented`).toBeDefined();
    const documented = op!.responses[String(res.status)];
    expect(documented, `${method} ${template} documents status ${res.status}`).toBeDefined();
    const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
    if (!documented!.content) {
      expect((await res.text()).length, `${method} ${template} ${res.status} has no body`).toBe(0);
      return null;
    }
    expect(Object.keys(documented!.content), `${method} ${template} ${res.status} content type`).toContain(type);
    if (type !== 'application/json') return null;
    const body: unknown = await res.json();
    const ref = `openapi.json#/paths/${pointer(template)}/${method.toLowerCase()}/responses/${res.status}/content/application~1json/schema`;
    const validate = this.ajv.getSchema(ref);
    expect(validate, ref).toBeDefined();
    const ok = validate!(body);
    expect(ok, `${method} ${urlPath} ${res.status}: ${this.ajv.errorsText(validate!.errors)}\n${JSON.stringify(body).slice(0, 500)}`).toBe(true);
    return body;
  }
}
