// The OpenAPI 3.1 document, generated from the route registry (api-routes.ts) and its zod schemas with zod's own
// JSON Schema output; never written by hand. Schemas with a meta id become shared components.
import { z } from 'zod';
import { PRODUCT_NAME } from './brand';
import { API_KEY_PREFIX } from './api-keys';
import { API_ROUTES, commonResponses, type ApiRouteSpec, type RouteAuth } from './api-routes';
import { API_VERSION, EXAMPLES, OPERATION_IDS, TAG_DESCRIPTIONS } from './operations';

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string; license: { name: string; url: string } };
  servers: { url: string }[];
  tags: { name: string; description?: string }[];
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
    const raw = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any', override: enumOfPipes }) as JsonSchema;
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

/**
 * Fields parsed leniently (trimmed, lower-cased) and then checked against an enum are, as input, plain strings to zod;
 * the document names their values, so generated clients get the enum (format, mode, metadata).
 */
function enumOfPipes(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  type Def = { type: string; out?: { _zod: { def: Def } }; entries?: Record<string, string> };
  let def = (ctx.zodSchema as { _zod: { def: Def } })._zod.def;
  if (def.type !== 'pipe') return;
  while (def.type === 'pipe' && def.out) def = def.out._zod.def;
  if (def.type === 'enum' && def.entries) ctx.jsonSchema.enum = Object.values(def.entries);
}

/** The human operation id (operations.ts), or one made from the method and path for a route not named yet. */
export const operationIdOf = (route: Pick<ApiRouteSpec, 'method' | 'path'>): string =>
  OPERATION_IDS[`${route.method} ${route.path}`] ??
  `${route.method}${route.path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`;

function operation(route: ApiRouteSpec, schemas: SchemaCollector): Record<string, unknown> {
  const operationId = operationIdOf(route);
  const examples = EXAMPLES[operationId];
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
    const example = examples?.request === undefined ? {} : { example: examples.request };
    requestBody = { required: true, content: { 'application/json': { schema: schemas.convert(route.json, 'input'), ...example } } };
  } else if (route.multipart) {
    const fields = schemas.convert(route.multipart.fields, 'input') as { properties?: Record<string, JsonSchema> };
    const extra = route.multipart.extraFields ? (schemas.convert(route.multipart.extraFields, 'input') as { properties?: Record<string, JsonSchema> }) : {};
    const file = { type: 'array', items: { type: 'string', contentMediaType: 'application/octet-stream' }, description: route.multipart.files.description };
    requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', properties: { ...fields.properties, ...extra.properties, [route.multipart.files.name]: file }, required: [route.multipart.files.name] },
        },
      },
    };
  }

  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries({ ...commonResponses(route), ...route.responses })) {
    const content = response.binary
      ? Object.fromEntries(response.binary.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]))
      : response.schema
        ? { 'application/json': { schema: schemas.convert(response.schema, 'output'), ...(examples?.responses?.[Number(status)] !== undefined && { example: examples.responses[Number(status)] }) } }
        : undefined;
    responses[status] = { description: response.description, ...(content && { content }) };
  }

  return {
    operationId,
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
      version: API_VERSION,
      // The service's terms govern use of the API (the page is served by every ImageSqueeze server).
      license: { name: `${PRODUCT_NAME} Terms of Service`, url: '/terms' },
      description:
        `Compress JPEG, PNG, WebP and AVIF images, or convert between them (Auto picks the smallest). Authenticate scripts with \`Authorization: Bearer ${API_KEY_PREFIX}…\` ` +
        '(create keys on the dashboard); the web app uses its session cookie. Every error is JSON `{ message, code }`. ' +
        'Key requests carry RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset headers; a 429 carries Retry-After.',
    },
    servers: [{ url: serverUrl }],
    tags: [...new Set(API_ROUTES.map((r) => r.tag))].map((name) => ({ name, ...(TAG_DESCRIPTIONS[name] && { description: TAG_DESCRIPTIONS[name] }) })),
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
