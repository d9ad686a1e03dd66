import { ContentSection } from '../content/content-section';
import { TestimonialList } from '../content/cards';
import { TESTIMONIALS } from '../../content/testimonials';

export function Testimonials() {
  return (
    <ContentSection id="testimonials-heading" title="What our users say">
      <TestimonialList testimonials={TESTIMONIALS} />
    </ContentSection>
  );
}
