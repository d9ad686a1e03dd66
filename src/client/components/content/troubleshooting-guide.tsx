import { Card } from '#client/components/ui/card.tsx';
import { Heading, type HeadingLevel } from './heading';
import type { TroubleshootingGuide } from '#client/content/types.ts';

export function TroubleshootingGuideCard({ guide, level = 3 }: { guide: TroubleshootingGuide; level?: HeadingLevel }) {
  const Icon = guide.icon;
  return (
    <Card className="p-6" id={guide.id}>
      <div className="flex items-center gap-2">
        <Icon className="h-5 w-5 text-blue-700" aria-hidden="true" />
        <Heading level={level} className="text-lg font-semibold text-slate-900">
          {guide.title}
        </Heading>
      </div>
      <ol className="mt-4 space-y-3">
        {guide.steps.map((step, i) => (
          <li key={step} className="flex gap-3 text-sm text-slate-700">
            <span className="flex h-6 w-6 flex-none items-center justify-center rounded-full bg-blue-100 text-xs font-semibold text-blue-800">
              {i + 1}
            </span>
            <span className="pt-0.5">{step}</span>
          </li>
        ))}
      </ol>
    </Card>
  );
}
