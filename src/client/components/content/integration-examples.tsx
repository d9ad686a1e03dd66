// The /developers page's integration section: one block per integration (GitHub Action, webhooks, watching CLI,
// Tinify clients), each with copy-ready examples in tabs.
import { CodeBlock } from '#client/components/content/code-block.tsx';
import { ContentSection } from '#client/components/content/content-section.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { integrationGroups } from '#client/content/integration-examples.ts';

// Literal class names, so Tailwind's scanner generates them.
const COLUMNS: Record<number, string> = { 1: 'grid-cols-1', 2: 'grid-cols-2', 3: 'grid-cols-3' };

export function IntegrationExamples({ origin, apiKey = null }: { origin: string; apiKey?: string | null }) {
  return (
    <>
      {integrationGroups(origin, apiKey).map((group) => (
        <ContentSection key={group.id} id={group.id} title={group.title} className="space-y-4">
          <p className="text-slate-800">{group.intro}</p>
          <Tabs defaultValue={group.examples[0]!.id}>
            <TabsList className={COLUMNS[group.examples.length]} aria-label={`${group.title} examples`}>
              {group.examples.map((e) => (
                <TabsTrigger key={e.id} value={e.id}>{e.label}</TabsTrigger>
              ))}
            </TabsList>
            {group.examples.map((e) => (
              <TabsContent key={e.id} value={e.id}>
                <CodeBlock code={e.code} label={`${group.title}: ${e.label}`} />
              </TabsContent>
            ))}
          </Tabs>
        </ContentSection>
      ))}
    </>
  );
}
