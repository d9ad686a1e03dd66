// The tool page's customer words: those the operator of this instance published (SITE_TESTIMONIALS), or, when there
// are none, a plain invitation to tell us: never invented quotes (docs/decisions/0550).
import { ContentSection } from '#client/components/content/content-section.tsx';
import { TestimonialList } from '#client/components/content/cards.tsx';
import { useSiteFacts } from '#client/api/site-facts.ts';
import type { Testimonial } from '#client/content/types.ts';
import { SUPPORT_EMAIL } from '#contract/brand';

export function Testimonials() {
  const { data } = useSiteFacts();
  const testimonials = data?.operator.testimonials ?? [];
  return (
    <ContentSection id="testimonials-heading" title="What our users say">
      <CustomerWords testimonials={testimonials} />
    </ContentSection>
  );
}

/** The published testimonials, or an honest line saying there are none yet. */
export function CustomerWords({ testimonials }: { testimonials: readonly Testimonial[] }) {
  if (testimonials.length > 0) return <TestimonialList testimonials={testimonials} />;
  return (
    <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-700" data-testid="no-testimonials">
      No customer stories are published on this site yet. Used it for your own images? Tell us how it went at{' '}
      <a className="text-blue-700 underline" href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('How it went')}`}>
        {SUPPORT_EMAIL}
      </a>
      .
    </p>
  );
}
