// The API reference, rendered from the OpenAPI document the server publishes: the endpoints a script can call first
// (an API key or Tinify's Basic auth), then those only the website uses, each group by tag; then the schemas. Text
// from the document shows its `backticks` as code.
import { Card } from '#client/components/ui/card.tsx';
import { ContentSection } from './content-section';
import { DataTable, type DataColumn } from './data-table';
import { InlineCode } from './inline-code';
import { fieldRows, typeLabel, type FieldRow, type JsonSchema } from '#client/lib/openapi-view.ts';

interface Operation {
  summary: string;
  description?: string;
  tags: string[];
  security?: Record<string, unknown>[];
  parameters?: { name: string; in: string; required: boolean; description?: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
}

export interface OpenApiDocument {
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

export const anchorOf = (method: string, path: string) => `${method}-${path.replace(/[^a-z0-9]+/gi, '-').replace(/-+$/, '')}`;

function authLabel(op: Operation): string {
  const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
  if (schemes.length === 0) return 'No authentication';
  if (schemes.includes('apiKey')) return 'API key (Bearer) or browser session';
  if (schemes.includes('tinifyBasic')) return 'HTTP Basic: user api, password an API key';
  return 'Browser session only (API keys get 403)';
}

const FIELD_COLUMNS: DataColumn<FieldRow>[] = [
  {
    header: 'Field',
    className: 'font-mono',
    cell: (row) => (
      <>
        {row.name}
        {row.required && <span className="text-red-700" title="required"> *</span>}
      </>
    ),
  },
  { header: 'Type', className: 'font-mono', cell: (row) => row.type },
  { header: 'Notes', cell: (row) => <InlineCode text={row.notes} /> },
];

function Fields({ rows, caption }: { rows: FieldRow[]; caption: string }) {
  if (rows.length === 0) return null;
  return <DataTable caption={caption} columns={FIELD_COLUMNS} rows={rows} rowKey={(row) => row.name} look="plain" />;
}

function OperationCard({ method, path, op, components }: { method: string; path: string; op: Operation; components: OpenApiDocument['components']['schemas'] }) {
  const params: FieldRow[] = (op.parameters ?? []).map((p) => ({
    name: `${p.name} (${p.in})`,
    type: typeLabel(p.schema),
    required: p.required,
    notes: [p.description, p.schema.default !== undefined ? `default ${JSON.stringify(p.schema.default)}` : '', p.schema.maximum !== undefined ? `${p.schema.minimum ?? 0}-${p.schema.maximum}` : ''].filter(Boolean).join('; '),
  }));
  const [bodyType, body] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
  return (
    <Card className="p-5" id={anchorOf(method, path)} data-testid="api-operation">
      <h4 className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
        <span className={`rounded px-2 py-0.5 font-mono text-xs uppercase ${METHOD_STYLES[method] ?? 'bg-slate-100'}`}>{method}</span>
        <code className="break-all">{path}</code>
      </h4>
      <p className="mt-2 text-slate-800"><InlineCode text={op.summary} /></p>
      {op.description && <p className="mt-1 text-sm text-slate-700"><InlineCode text={op.description} /></p>}
      <p className="mt-1 text-xs text-slate-600">{authLabel(op)}</p>
      {params.length > 0 && (
        <>
          <h5 className="mt-3 text-sm font-semibold text-slate-900">Parameters</h5>
          <Fields rows={params} caption={`Parameters of ${method.toUpperCase()} ${path}`} />
        </>
      )}
      {body && (
        <>
          <h5 className="mt-3 text-sm font-semibold text-slate-900">Request body ({bodyType})</h5>
          <Fields rows={fieldRows(body.schema, components)} caption={`Request body of ${method.toUpperCase()} ${path}`} />
        </>
      )}
      <h5 className="mt-3 text-sm font-semibold text-slate-900">Responses</h5>
      <ul className="mt-1 space-y-1 text-sm">
        {Object.entries(op.responses).map(([status, response]) => {
          const [type, content] = Object.entries(response.content ?? {})[0] ?? [];
          return (
            <li key={status} className="text-slate-700">
              <span className="font-mono font-semibold text-slate-900">{status}</span> <InlineCode text={response.description} />
              {content && <span className="font-mono text-slate-600"> ({type === 'application/json' ? typeLabel(content.schema) : type})</span>}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

function SchemaSection({ name, schema, components }: { name: string; schema: JsonSchema; components: OpenApiDocument['components']['schemas'] }) {
  return (
    <Card className="p-5" id={`schema-${name}`}>
      <h3 className="font-mono text-base font-semibold text-slate-900">{name}</h3>
      {schema.description && <p className="mt-1 text-sm text-slate-700"><InlineCode text={schema.description} /></p>}
      <Fields rows={fieldRows(schema, components)} caption={`Fields of ${name}`} />
    </Card>
  );
}

export interface ReferenceGroup {
  id: 'for-scripts' | 'website';
  title: string;
  lead: string;
  tags: { tag: string; operations: { method: string; path: string; op: Operation }[] }[];
}

/** A script reaches an operation with an API key (or Tinify's Basic auth); the rest need the website's session. */
const forScripts = (op: Operation) => (op.security ?? []).some((s) => 'apiKey' in s || 'tinifyBasic' in s);

/** The operations in reading order: for scripts first, then the website's own; by tag inside each. */
export function referenceGroups(doc: OpenApiDocument): ReferenceGroup[] {
  const all = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ method, path, op })));
  const group = (id: ReferenceGroup['id'], title: string, lead: string, keep: (op: Operation) => boolean): ReferenceGroup => ({
    id,
    title,
    lead,
    tags: doc.tags
      .map((t) => ({ tag: t.name, operations: all.filter(({ op }) => keep(op) && op.tags.includes(t.name)) }))
      .filter((t) => t.operations.length > 0),
  });
  return [
    group('for-scripts', 'For scripts', 'Reachable with an API key (Bearer), or with HTTP Basic for the Tinify-compatible endpoints.', forScripts),
    group('website', 'Used by the website', "The web app's own endpoints: they need its session cookie and answer 403 to API keys.", (op) => !forScripts(op)),
  ];
}

/** The index at the top of the reference: every endpoint by group and tag, linking to its card. */
export function EndpointIndex({ groups }: { groups: ReferenceGroup[] }) {
  return (
    <nav aria-label="Endpoints" className="rounded-lg border border-slate-200 bg-white p-4 text-sm" data-testid="endpoint-index">
      <p className="font-semibold text-slate-900">Endpoints</p>
      <div className="mt-2 grid gap-4 md:grid-cols-2">
        {groups.map((g) => (
          <div key={g.id}>
            {/* Rows at least 44 px tall on phones, 24 px from sm on: touch targets (WCAG 2.5.8) that a thumb can hit. */}
            <a href={`#${g.id}`} className="inline-flex min-h-11 items-center font-medium text-blue-700 underline sm:min-h-6">{g.title}</a>
            <ul className="mt-1">
              {g.tags.flatMap((t) => t.operations).map(({ method, path, op }) => (
                <li key={`${method} ${path}`} className="truncate">
                  <a href={`#${anchorOf(method, path)}`} className="flex min-h-11 items-center text-slate-700 hover:text-blue-700 hover:underline sm:min-h-6" title={op.summary}>
                    <span className="inline-block w-14 flex-none font-mono text-xs uppercase text-slate-600">{method}</span>
                    <code className="min-w-0 truncate">{path}</code>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
}

export function ApiReference({ doc, groups }: { doc: OpenApiDocument; groups: ReferenceGroup[] }) {
  return (
    <div className="space-y-10">
      {groups.map((g) => (
        <ContentSection key={g.id} id={g.id} title={g.title} subtitle={g.lead} className="space-y-6">
          {g.tags.map(({ tag, operations }) => (
            <div key={tag} className="space-y-4">
              <h3 id={`${g.id}-${tag.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`} className="text-lg font-semibold text-slate-900">{tag}</h3>
              {operations.map(({ method, path, op }) => (
                <OperationCard key={`${method} ${path}`} method={method} path={path} op={op} components={doc.components.schemas} />
              ))}
            </div>
          ))}
        </ContentSection>
      ))}
      <ContentSection id="schemas" title="Schemas" className="space-y-4">
        {Object.entries(doc.components.schemas).map(([name, schema]) => (
          <SchemaSection key={name} name={name} schema={schema} components={doc.components.schemas} />
        ))}
      </ContentSection>
    </div>
  );
}
