// Building blocks of the privacy and terms pages.
import type { ReactNode } from 'react';
import { Mail } from 'lucide-react';
import { Card } from '#client/components/ui/card.tsx';
import { FactList } from './fact-list';
import { Heading, type HeadingLevel } from './heading';
import type { ContactPoint, LegalSection, PrivacyDataCategory, PrivacyRight } from '#client/content/types.ts';

const EMAIL = /([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/;

/** Legal copy is plain text; addresses in it become mailto links. */
function WithEmailLinks({ text }: { text: string }) {
  return (
    <>
      {text.split(EMAIL).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={`mailto:${part}`} className="text-blue-700 underline">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

export function LegalSectionView({ section, level = 2 }: { section: LegalSection; level?: HeadingLevel }) {
  return (
    <section aria-labelledby={`${section.id}-heading`} className="scroll-mt-6" id={section.id}>
      <Heading level={level} id={`${section.id}-heading`} className="text-xl font-semibold text-slate-900">
        {section.title}
      </Heading>
      {section.paragraphs.map((p) => (
        <p key={p} className="mt-3 leading-relaxed text-slate-700">
          <WithEmailLinks text={p} />
        </p>
      ))}
      {section.items && (
        <ul className="mt-3 list-disc space-y-1.5 pl-6 text-slate-700">
          {section.items.map((item) => (
            <li key={item}>
              <WithEmailLinks text={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function DataCategoryCard({ item, level = 3 }: { item: PrivacyDataCategory; level?: HeadingLevel }) {
  return (
    <Card className="p-5" data-testid="data-category">
      <Heading level={level} className="font-semibold text-slate-900">
        {item.category}
      </Heading>
      <p className="mt-2 text-sm text-slate-700">{item.description}</p>
      <FactList
        className="mt-3"
        facts={[
          { term: 'Purpose', detail: item.purpose },
          { term: 'Retention', detail: item.retention },
        ]}
      />
    </Card>
  );
}

export function RightsList({ rights, level = 3 }: { rights: PrivacyRight[]; level?: HeadingLevel }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {rights.map((r) => (
        <li key={r.right} className="rounded-lg border border-slate-200 bg-white p-4">
          <Heading level={level} className="font-semibold text-slate-900">
            {r.right}
          </Heading>
          <p className="mt-1 text-sm text-slate-700">{r.description}</p>
          <p className="mt-2 text-sm text-slate-700">
            <span className="font-medium text-slate-900">How to exercise: </span>
            {r.howToExercise}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** A card of legal sections one after another, with an optional closing note. */
export function LegalSections({ sections, children }: { sections: readonly LegalSection[]; children?: ReactNode }) {
  return (
    <Card className="space-y-8 p-6 sm:p-8">
      {sections.map((section) => (
        <LegalSectionView key={section.id} section={section} />
      ))}
      {children}
    </Card>
  );
}

export function ContactCard({ contacts }: { contacts: ContactPoint[] }) {
  return (
    <Card className="p-6">
      <ul className="space-y-3">
        {contacts.map((c) => (
          <li key={c.purpose} className="flex gap-3">
            <Mail className="mt-0.5 h-5 w-5 flex-none text-blue-700" aria-hidden="true" />
            <div className="text-sm">
              <p className="font-medium text-slate-900">{c.purpose}</p>
              <a href={`mailto:${c.email}`} className="text-blue-700 underline">
                {c.email}
              </a>
              <p className="text-slate-600">Response {c.responseTime}</p>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function LastUpdated({ date }: { date: string }) {
  const text = new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return (
    <p className="mt-2 text-sm text-slate-600">
      Last updated: <time dateTime={date}>{text}</time>
    </p>
  );
}
