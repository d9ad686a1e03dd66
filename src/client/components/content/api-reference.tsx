// The API reference, rendered from the OpenAPI document the server publishes: operations grouped by tag, then schemas.
import { Card } from '#client/components/ui/card.tsx';
import { ContentSection } from './content-section';
import { DataTable, type DataColumn } from './data-table';
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

const anchorOf = (method: string, path: string) => `${method}-${path.replace(/[^a-z0-9]+/gi, '-').replace(/-+$/, '')}`;

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
  { header: 'Notes', cell: (row) => row.notes },
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

function SchemaSection({ name, schema, components }: { name: string; schema: JsonSchema; components: OpenApiDocument['components']['schemas'] }) {
  return (
    <Card className="p-5" id={`schema-${name}`}>
      <h3 className="font-mono text-base font-semibold text-slate-900">{name}</h3>
      <Fields rows={fieldRows(schema, components)} caption={`Fields of ${name}`} />
    </Card>
  );
}

export function ApiReference({ doc }: { doc: OpenApiDocument }) {
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
        <ContentSection key={tag} id={`tag-${tag}`} title={tag} className="space-y-4">
          {operations.map(({ method, path, op }) => (
            <OperationCard key={`${method} ${path}`} method={method} path={path} op={op} components={doc.components.schemas} />
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
