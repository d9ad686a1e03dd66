// /developers: a 60-second start (the TinyPNG-compatible call, a paste-and-run script, the visitor's key filled in,
// a Copy button on every block), the integrations (GitHub Action, webhooks, watching CLI, Tinify clients), then the API
// reference rendered from the OpenAPI document the server publishes
// (/api/openapi.json), endpoints for scripts first. Own bundle (lazy route), no third-party code or CDN, so it runs
// within the app's CSP.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Loader2 } from 'lucide-react';
import { ContentPage } from '#client/components/content/content-page.tsx';
import { ContentSection } from '#client/components/content/content-section.tsx';
import { ApiReference, EndpointIndex, referenceGroups, type OpenApiDocument } from '#client/components/content/api-reference.tsx';
import { CodeBlock } from '#client/components/content/code-block.tsx';
import { DeveloperKey } from '#client/components/content/developer-key.tsx';
import { IntegrationExamples } from '#client/components/content/integration-examples.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { apiExamples, quickScript, tinifyExample } from '#client/content/api-examples.ts';
import { RETENTION_TEXT } from '#client/content/limits-text.ts';
import { PRODUCT_NAME } from '#contract/brand';

const META = {
  title: 'Developer API',
  description: `Compress JPEG, PNG, WebP and AVIF images from scripts and build tools with the ${PRODUCT_NAME} API: TinyPNG-compatible endpoints, keys, a paste-and-run script, examples in curl, Node and Python, and the full reference.`,
  path: '/developers',
};

export default function DevelopersPage() {
  const { data: doc, isLoading, error } = useQuery<OpenApiDocument>({ queryKey: ['/api/openapi.json'] });
  // A key created on this page: in memory only, gone on reload (the server keeps its hash).
  const [apiKey, setApiKey] = useState<string | null>(null);
  const origin = window.location.origin;
  const examples = apiExamples(origin, apiKey);
  const groups = doc ? referenceGroups(doc) : null;
  return (
    <ContentPage
      meta={META}
      title="Developer API"
      lead={`Compress images from scripts, build tools and CI with the same engine, queue and privacy promise as the ${PRODUCT_NAME} website.`}
      width="narrow"
    >
      <div className="space-y-12">
        <ContentSection id="tinypng" title="Already on TinyPNG? Keep your code" className="space-y-3">
          <p className="text-slate-800">
            <code>POST /shrink</code> and <code>/output/&#123;id&#125;</code> take the same requests and give the same answers as TinyPNG's API: HTTP Basic
            with the user <code>api</code> and one of our keys as the password, the image as the body, the result at the <code>Location</code> it
            returns (resize, convert and preserve included, and <code>store</code> to your own S3 bucket with your credentials: the
            answer's <code>Location</code> is the stored object; images are stored with the bucket's default ACL unless you add{' '}
            <code>"acl": "public-read"</code>). Point your script's base URL at <code>{origin}</code>; for the
            Tinify client libraries see <a href="#tinify" className="text-blue-700 underline">Tinify clients</a> below.
          </p>
          <CodeBlock code={tinifyExample(origin, apiKey)} label="TinyPNG-compatible example" />
        </ContentSection>

        <ContentSection id="quick-start" title="Quick start" className="space-y-4">
          <DeveloperKey apiKey={apiKey} onKey={setApiKey} />
          <p className="text-slate-800">
            Paste this into a terminal in the folder with your image (it needs <code>curl</code> and <code>jq</code>). It uploads, waits for the
            result without a polling loop, and saves it in <code>compressed/</code> under its own name and extension (<code>format=auto</code> may
            pick WebP or AVIF).
          </p>
          <CodeBlock code={quickScript(origin, apiKey)} label="Paste-and-run script" />
          <ol className="list-decimal space-y-1 pl-6 text-slate-800">
            <li>
              Keys come from <Link href="/dashboard" className="text-blue-700 underline">your dashboard</Link> (or the button above). A key is shown once; keep
              it secret.
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
                <CodeBlock code={e.code} label={`${e.label} example`} />
              </TabsContent>
            ))}
          </Tabs>
        </ContentSection>

        <IntegrationExamples origin={origin} apiKey={apiKey} />

        <div className="space-y-10">
          <h2 className="sr-only">Reference</h2>
          {isLoading && <Loader2 className="h-6 w-6 animate-spin text-slate-500" aria-label="Loading the reference" />}
          {error && <p role="alert" className="text-red-700">The reference could not be loaded. The raw document is at /api/openapi.json.</p>}
          {doc && groups && (
            <>
              <EndpointIndex groups={groups} />
              <ApiReference doc={doc} groups={groups} />
            </>
          )}
        </div>
      </div>
    </ContentPage>
  );
}
