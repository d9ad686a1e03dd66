import { ContentSection } from '#client/components/content/content-section.tsx';
import { FeatureGrid } from '#client/components/content/feature-grid.tsx';
import { WORKFLOW } from '#client/content/tool-marketing.ts';

export function WorkflowExplainer() {
  return (
    <ContentSection id="workflow-heading" title={WORKFLOW.title} subtitle={WORKFLOW.lead} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <FeatureGrid items={WORKFLOW.steps} look="step" columns={4} numbered />
    </ContentSection>
  );
}
