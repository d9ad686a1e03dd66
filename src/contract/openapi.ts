// The OpenAPI 3.1 document, generated from the route registry (api-routes.ts) and its zod schemas with zod's own
// JSON Schema output; never written by hand. Schemas with a meta id become shared components.
import { z } from 'zod';
import { PRODUCT_NAME } from './brand';
import { API_KEY_PREFIX } from './api-keys';
import { API_ROUTES, commonResponses, type ApiRouteSpec, type RouteAuth } from './api-routes';

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
}

const SECURITY: Record<RouteAuth, unknown[] | undefined> = {
  public: [],
  session: [{ sessionCookie: [] }],
  'signed-in': [{ sessionCookie: [] }],
  'session-or-key': [{ apiKey: [] }, { sessionCookie: [] }],
  tinify: [{ tinifyBasic: [] }],
};

class SchemaCollector {
  readonly components: Record<string, JsonSchema> = {};

  /** The schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), with named parts moved into components. */
  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const raw = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
    const text = JSON.stringify(raw).replace(/"#\/\$defs\/([^"]+)"/g, (_m, name: string) => JSON.stringify(`#/components/schemas/${name}`));
    const { $schema: _dialect, $defs, ...rest } = JSON.parse(text) as JsonSchema & { $defs?: Record<string, JsonSchema> };
    void _dialect;
    for (const [name, def] of Object.entries($defs ?? {})) {
      // Input and output forms of one schema may differ (defaults); the output form describes what we send.
      if (!this.components[name] || io === 'output') this.components[name] = def;
    }
    return rest;
  }
}

function operation(route: ApiRouteSpec, schemas: SchemaCollector): Record<string, unknown> {
  const parameters: unknown[] = [];
  const addParams = (object: z.ZodObject | undefined, where: 'path' | 'query') => {
    if (!object) return;
    const json = schemas.convert(object, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(json.properties ?? {})) {
      const { description, ...rest } = schema;
      parameters.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), description, schema: rest });
    }
  };
  addParams(route.params, 'path');
  addParams(route.query, 'query');

  let requestBody: unknown;
  if (route.json) {
    requestBody = { required: true, content: { 'application/json': { schema: schemas.convert(route.json, 'input') } } };
  } else if (route.multipart) {
    const fields = schemas.convert(route.multipart.fields, 'input') as { properties?: Record<string, JsonSchema> };
    const file = { type: 'array', items: { type: 'string', contentMediaType: 'application/octet-stream' }, description: route.multipart.files.description };
    requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', properties: { ...fields.properties, [route.multipart.files.name]: file }, required: [route.multipart.files.name] },
        },
      },
    };
  }

  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries({ ...commonResponses(route), ...route.responses })) {
    const content = response.binary
      ? Object.fromEntries(response.binary.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]))
      : response.schema
        ? { 'application/json': { schema: schemas.convert(response.schema, 'output') } }
        : undefined;
    responses[status] = { description: response.description, ...(content && { content }) };
  }

  return {
    operationId: `${route.method}${route.path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: route.summary,
    ...(route.description && { description: route.description }),
    tags: [route.tag],
    security: SECURITY[route.auth],
    ...(parameters.length > 0 && { parameters }),
    ...(requestBody !== undefined && { requestBody }),
    responses,
  };
}

export function buildOpenApiDocument(serverUrl = '/'): OpenApiDocument {
  const schemas = new SchemaCollector();
  const paths: OpenApiDocument['paths'] = {};
  for (const route of API_ROUTES) (paths[route.path] ??= {})[route.method] = operation(route, schemas);
  return {
    openapi: '3.1.0',
    info: {
      title: `${PRODUCT_NAME} API`,
      version: '1.0.0',
      description:
        `Compress JPEG, PNG, WebP and AVIF images, or convert between them (Auto picks the smallest). Authenticate scripts with \`Authorization: Bearer ${API_KEY_PREFIX}…\` ` +
        '(create keys on the dashboard); the web app uses its session cookie. Every error is JSON `{ message, code }`. ' +
        'Key requests carry RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset headers; a 429 carries Retry-After.',
    },
    servers: [{ url: serverUrl }],
    tags: [...new Set(API_ROUTES.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: schemas.components,
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: `An API key from the dashboard, starting with ${API_KEY_PREFIX}` },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'sid', description: 'The web app’s session (browsers only)' },
        tinifyBasic: { type: 'http', scheme: 'basic', description: 'Tinify-compatible: user `api`, password an API key' },
      },
    },
  };
}
