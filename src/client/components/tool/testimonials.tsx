import { ContentSection } from '#client/components/content/content-section.tsx';
import { TestimonialList } from '#client/components/content/cards.tsx';
import { TESTIMONIALS } from '#client/content/testimonials.ts';

export function Testimonials() {
  return (
    <ContentSection id="testimonials-heading" title="What our users say">
      <TestimonialList testimonials={TESTIMONIALS} />
    </ContentSection>
  );
}
