import { ContentSection } from '#client/components/content/content-section.tsx';
import { FeatureGrid } from '#client/components/content/feature-grid.tsx';
import { INDUSTRY_SOLUTIONS } from '#client/content/tool-marketing.ts';

export function IndustrySolutions() {
  return (
    <ContentSection id="solutions-heading" title={INDUSTRY_SOLUTIONS.title}>
      <FeatureGrid items={INDUSTRY_SOLUTIONS.items} />
    </ContentSection>
  );
}
