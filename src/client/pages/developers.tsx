// /developers: the API reference, rendered from the OpenAPI document the server publishes (/api/openapi.json), with
// quick-start examples. Own bundle (lazy route), no third-party code or CDN, so it runs within the app's CSP.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Loader2 } from 'lucide-react';
import { ContentPage } from '#client/components/content/content-page.tsx';
import { ContentSection } from '#client/components/content/content-section.tsx';
import { ApiReference, type OpenApiDocument } from '#client/components/content/api-reference.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { apiExamples } from '#client/content/api-examples.ts';
import { IntegrationExamples } from '#client/components/content/integration-examples.tsx';
import { RETENTION_TEXT } from '#client/content/limits-text.ts';
import { PRODUCT_NAME } from '#contract/brand';

const META = {
  title: 'Developer API',
  description: `Compress JPEG and PNG images from scripts and build tools with the ${PRODUCT_NAME} API: keys, examples in curl, Node and Python, and the full reference.`,
  path: '/developers',
};

export default function DevelopersPage() {
  const { data: doc, isLoading, error } = useQuery<OpenApiDocument>({ queryKey: ['/api/openapi.json'] });
  const examples = apiExamples(window.location.origin);
  return (
    <ContentPage
      meta={META}
      title="Developer API"
      lead={`Compress images from scripts, build tools and CI with the same engine, queue and privacy promise as the ${PRODUCT_NAME} website.`}
      width="narrow"
    >
      <ContentSection id="quick-start" title="Quick start" className="space-y-4">
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
          Errors are JSON <code>&#123; message, code &#125;</code>. Files are deleted {RETENTION_TEXT}. The machine-readable contract is{' '}
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
      </ContentSection>
      <IntegrationExamples origin={window.location.origin} />
      <div className="mt-12">
        <h2 className="sr-only">Reference</h2>
        {isLoading && <Loader2 className="h-6 w-6 animate-spin text-slate-500" aria-label="Loading the reference" />}
        {error && <p role="alert" className="text-red-700">The reference could not be loaded. The raw document is at /api/openapi.json.</p>}
        {doc && <ApiReference doc={doc} />}
      </div>
    </ContentPage>
  );
}
