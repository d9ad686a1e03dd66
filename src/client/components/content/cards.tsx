// Small presentational cards shared by the content pages and the tool page's testimonials.
import { Check, Star } from 'lucide-react';
import { Card } from '#client/components/ui/card.tsx';
import { Heading, type HeadingLevel } from './heading';
import { cn } from '#client/lib/cn.ts';
import type { Statistic, Testimonial, Tip } from '#client/content/types.ts';

export function StatCard({ stat }: { stat: Statistic }) {
  const Icon = stat.icon;
  return (
    <Card className="p-5">
      <div className="flex items-center gap-2 text-sm font-medium text-slate-600">
        {Icon && <Icon className="h-4 w-4 text-blue-600" aria-hidden="true" />}
        {stat.label}
      </div>
      <p className="mt-2 text-3xl font-bold text-slate-900">{stat.value}</p>
      <p className="mt-1 text-sm text-slate-600">{stat.subtitle}</p>
    </Card>
  );
}

export function CheckList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={cn('space-y-2', className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-2 text-slate-700">
          <Check className="mt-0.5 h-5 w-5 flex-none text-green-700" aria-hidden="true" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

export function TipCard({ tip, level = 3 }: { tip: Tip; level?: HeadingLevel }) {
  const Icon = tip.icon;
  return (
    <Card className="p-5">
      <div className="flex items-center gap-2">
        {Icon && <Icon className="h-5 w-5 text-blue-700" aria-hidden="true" />}
        <Heading level={level} className="font-semibold text-slate-900">
          {tip.title}
        </Heading>
      </div>
      <p className="mt-2 text-sm text-slate-700">{tip.tip}</p>
    </Card>
  );
}

/** A customer's words, rating, reported result and name, as the operator published them: no badge vouches for them. */
export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <Card className="h-full">
      <figure className="flex h-full flex-col p-6">
        <div className="flex gap-0.5 text-amber-500" role="img" aria-label={`Rated ${testimonial.rating} out of 5`}>
          {Array.from({ length: 5 }, (_, i) => (
            <Star key={i} className={cn('h-4 w-4', i < testimonial.rating ? 'fill-current' : 'text-slate-300')} aria-hidden="true" />
          ))}
        </div>
        <blockquote className="mt-3 flex-1 text-slate-700">“{testimonial.content}”</blockquote>
        {testimonial.stats && <p className="mt-4 text-sm font-semibold text-green-800">{testimonial.stats}</p>}
        <figcaption className="mt-3 border-t border-slate-200 pt-3 text-sm">
          <span className="block font-semibold text-slate-900">{testimonial.name}</span>
          {(testimonial.role || testimonial.company) && (
            <span className="block text-slate-600">{[testimonial.role, testimonial.company].filter(Boolean).join(', ')}</span>
          )}
        </figcaption>
      </figure>
    </Card>
  );
}

export function TestimonialList({ testimonials }: { testimonials: readonly Testimonial[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {testimonials.map((t) => (
        <li key={`${t.name}-${t.content.slice(0, 40)}`}>
          <TestimonialCard testimonial={t} />
        </li>
      ))}
    </ul>
  );
}
