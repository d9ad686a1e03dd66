import { ContentSection } from '../content/content-section';
import { FeatureGrid } from '../content/feature-grid';
import { INDUSTRY_SOLUTIONS } from '../../content/tool-marketing';

export function IndustrySolutions() {
  return (
    <ContentSection id="solutions-heading" title={INDUSTRY_SOLUTIONS.title}>
      <FeatureGrid items={INDUSTRY_SOLUTIONS.items} />
    </ContentSection>
  );
}
