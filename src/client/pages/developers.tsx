// /developers: the API reference, rendered from the OpenAPI document the server publishes (/api/openapi.json), with
// quick-start examples. Own bundle (lazy route), no third-party code or CDN, so it runs within the app's CSP.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Loader2 } from 'lucide-react';
import { StaticPage } from '../components/content/static-page';
import { PageIntro } from '../components/content/page-intro';
import { Card } from '../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { apiExamples } from '../content/api-examples';
import { fieldRows, typeLabel, type FieldRow, type JsonSchema } from '../lib/openapi-view';
import { PRODUCT_NAME } from '../../contract/brand';

const META = {
  title: 'Developer API',
  description: `Compress JPEG and PNG images from scripts and build tools with the ${PRODUCT_NAME} API: keys, examples in curl, Node and Python, and the full reference.`,
  path: '/developers',
};

interface Operation {
  summary: string;
  description?: string;
  tags: string[];
  security?: Record<string, unknown>[];
  parameters?: { name: string; in: string; required: boolean; description?: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
}

interface Document {
  info: { title: string; description: string; version: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

const METHOD_STYLES: Record<string, string> = {
  get: 'bg-blue-100 text-blue-900',
  post: 'bg-emerald-100 text-emerald-900',
  delete: 'bg-red-100 text-red-900',
};

const anchorOf = (method: string, path: string) => `${method}-${path.replace(/[^a-z0-9]+/gi, '-').replace(/-+$/, '')}`;

function authLabel(op: Operation): string {
  const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
  if (schemes.length === 0) return 'No authentication';
  if (schemes.includes('apiKey')) return 'API key (Bearer) or browser session';
  if (schemes.includes('tinifyBasic')) return 'HTTP Basic: user api, password an API key';
  return 'Browser session only (API keys get 403)';
}

function Fields({ rows, caption }: { rows: FieldRow[]; caption: string }) {
  if (rows.length === 0) return null;
  return (
    <div className="overflow-x-auto">
      <table className="mt-2 w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">Field</th>
            <th scope="col" className="py-1 pr-3 font-medium">Type</th>
            <th scope="col" className="py-1 font-medium">Notes</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name} className="border-t border-slate-200 align-top">
              <td className="py-1 pr-3 font-mono text-slate-900">
                {row.name}
                {row.required && <span className="text-red-700" title="required"> *</span>}
              </td>
              <td className="py-1 pr-3 font-mono text-slate-700">{row.type}</td>
              <td className="py-1 text-slate-700">{row.notes}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OperationCard({ method, path, op, components }: { method: string; path: string; op: Operation; components: Document['components']['schemas'] }) {
  const params: FieldRow[] = (op.parameters ?? []).map((p) => ({
    name: `${p.name} (${p.in})`,
    type: typeLabel(p.schema),
    required: p.required,
    notes: [p.description, p.schema.default !== undefined ? `default ${JSON.stringify(p.schema.default)}` : '', p.schema.maximum !== undefined ? `${p.schema.minimum ?? 0}-${p.schema.maximum}` : ''].filter(Boolean).join('; '),
  }));
  const [bodyType, body] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
  return (
    <Card className="p-5" id={anchorOf(method, path)} data-testid="api-operation">
      <h3 className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
        <span className={`rounded px-2 py-0.5 font-mono text-xs uppercase ${METHOD_STYLES[method] ?? 'bg-slate-100'}`}>{method}</span>
        <code className="break-all">{path}</code>
      </h3>
      <p className="mt-2 text-slate-800">{op.summary}</p>
      {op.description && <p className="mt-1 text-sm text-slate-700">{op.description}</p>}
      <p className="mt-1 text-xs text-slate-600">{authLabel(op)}</p>
      {params.length > 0 && (
        <>
          <h4 className="mt-3 text-sm font-semibold text-slate-900">Parameters</h4>
          <Fields rows={params} caption={`Parameters of ${method.toUpperCase()} ${path}`} />
        </>
      )}
      {body && (
        <>
          <h4 className="mt-3 text-sm font-semibold text-slate-900">Request body ({bodyType})</h4>
          <Fields rows={fieldRows(body.schema, components)} caption={`Request body of ${method.toUpperCase()} ${path}`} />
        </>
      )}
      <h4 className="mt-3 text-sm font-semibold text-slate-900">Responses</h4>
      <ul className="mt-1 space-y-1 text-sm">
        {Object.entries(op.responses).map(([status, response]) => {
          const [type, content] = Object.entries(response.content ?? {})[0] ?? [];
          return (
            <li key={status} className="text-slate-700">
              <span className="font-mono font-semibold text-slate-900">{status}</span> {response.description}
              {content && <span className="font-mono text-slate-600"> ({type === 'application/json' ? typeLabel(content.schema) : type})</span>}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

function SchemaSection({ name, schema, components }: { name: string; schema: JsonSchema; components: Document['components']['schemas'] }) {
  return (
    <Card className="p-5" id={`schema-${name}`}>
      <h3 className="font-mono text-base font-semibold text-slate-900">{name}</h3>
      <Fields rows={fieldRows(schema, components)} caption={`Fields of ${name}`} />
    </Card>
  );
}

function Reference({ doc }: { doc: Document }) {
  const byTag = doc.tags.map((tag) => ({
    tag: tag.name,
    operations: Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.tags.includes(tag.name))
        .map(([method, op]) => ({ method, path, op })),
    ),
  }));
  return (
    <div className="space-y-10">
      {byTag.map(({ tag, operations }) => (
        <section key={tag} aria-labelledby={`tag-${tag}`}>
          <h2 id={`tag-${tag}`} className="mb-4 text-xl font-bold text-slate-900">{tag}</h2>
          <div className="space-y-4">
            {operations.map(({ method, path, op }) => (
              <OperationCard key={`${method} ${path}`} method={method} path={path} op={op} components={doc.components.schemas} />
            ))}
          </div>
        </section>
      ))}
      <section aria-labelledby="schemas">
        <h2 id="schemas" className="mb-4 text-xl font-bold text-slate-900">Schemas</h2>
        <div className="space-y-4">
          {Object.entries(doc.components.schemas).map(([name, schema]) => (
            <SchemaSection key={name} name={name} schema={schema} components={doc.components.schemas} />
          ))}
        </div>
      </section>
    </div>
  );
}

export default function DevelopersPage() {
  const { data: doc, isLoading, error } = useQuery<Document>({ queryKey: ['/api/openapi.json'] });
  const examples = apiExamples(window.location.origin);
  return (
    <StaticPage meta={META}>
      <div className="mx-auto max-w-5xl px-4 py-8">
        <PageIntro title="Developer API" lead={`Compress images from scripts, build tools and CI with the same engine, queue and privacy promise as the ${PRODUCT_NAME} website.`} />
        <section aria-labelledby="quick-start" className="space-y-4">
          <h2 id="quick-start" className="text-xl font-bold text-slate-900">Quick start</h2>
          <ol className="list-decimal space-y-1 pl-6 text-slate-800">
            <li>
              <Link href="/auth" className="text-blue-700 underline">Sign in</Link> and create a key under “API keys” on your{' '}
              <Link href="/dashboard" className="text-blue-700 underline">dashboard</Link>. It is shown once; keep it secret.
            </li>
            <li>Send it as <code>Authorization: Bearer isq_live_…</code>. No cookie or other header is needed.</li>
            <li>Upload to <code>POST /api/compress</code>, wait with <code>GET /api/jobs/&#123;id&#125;?wait=30</code>, download from <code>compressedPath</code>.</li>
          </ol>
          <p className="text-sm text-slate-700">
            Each key has a per-minute request limit and a monthly image allowance (see <code>GET /api/usage</code>); every answer carries{' '}
            <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> and <code>RateLimit-Reset</code>, and a 429 carries <code>Retry-After</code>.
            Errors are JSON <code>&#123; message, code &#125;</code>. Files are deleted within 24 hours. The machine-readable contract is{' '}
            <a href="/api/openapi.json" className="text-blue-700 underline">/api/openapi.json</a> (OpenAPI 3.1).
          </p>
          <Tabs defaultValue="curl">
            <TabsList className="grid-cols-3" aria-label="Example language">
              {examples.map((e) => (
                <TabsTrigger key={e.id} value={e.id}>{e.label}</TabsTrigger>
              ))}
            </TabsList>
            {examples.map((e) => (
              <TabsContent key={e.id} value={e.id}>
                <pre className="overflow-x-auto rounded-lg bg-slate-900 p-4 text-xs leading-relaxed text-slate-100" tabIndex={0} aria-label={`${e.label} example`}>
                  <code>{e.code}</code>
                </pre>
              </TabsContent>
            ))}
          </Tabs>
        </section>
        <div className="mt-12">
          <h2 className="sr-only">Reference</h2>
          {isLoading && <Loader2 className="h-6 w-6 animate-spin text-slate-500" aria-label="Loading the reference" />}
          {error && <p role="alert" className="text-red-700">The reference could not be loaded. The raw document is at /api/openapi.json.</p>}
          {doc && <Reference doc={doc} />}
        </div>
      </div>
    </StaticPage>
  );
}
