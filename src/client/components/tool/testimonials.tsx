import { BadgeCheck, Star } from 'lucide-react';
import { TESTIMONIALS } from '../../content/testimonials';

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-heading">
      <h2 id="testimonials-heading" className="text-2xl font-bold text-slate-900">
        What our users say
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {TESTIMONIALS.map((t) => (
          <li key={t.id}>
            <figure className="flex h-full flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <div className="flex gap-0.5" role="img" aria-label={`Rated ${t.rating} out of 5`}>
                {Array.from({ length: 5 }, (_, i) => (
                  <Star
                    key={i}
                    className={i < t.rating ? 'h-4 w-4 fill-yellow-400 text-yellow-500' : 'h-4 w-4 text-slate-300'}
                    aria-hidden="true"
                  />
                ))}
              </div>
              <blockquote className="mt-3 flex-1 text-sm text-slate-700">“{t.content}”</blockquote>
              <p className="mt-3 text-sm font-semibold text-green-700">{t.stats}</p>
              <figcaption className="mt-3 border-t border-slate-100 pt-3 text-sm">
                <span className="flex items-center gap-1 font-semibold text-slate-900">
                  {t.name}
                  {t.verified && (
                    <>
                      <BadgeCheck className="h-4 w-4 text-blue-700" aria-hidden="true" />
                      <span className="sr-only">(verified user)</span>
                    </>
                  )}
                </span>
                <span className="text-slate-600">
                  {t.role}, {t.company}
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
