import type { Milestone } from '#client/content/types.ts';

export function MilestoneTimeline({ milestones }: { milestones: Milestone[] }) {
  return (
    <ol className="relative ml-3 border-l-2 border-blue-200">
      {milestones.map((m) => (
        <li key={m.title} className="mb-8 ml-6 last:mb-0">
          <span className="absolute -left-[9px] mt-1.5 h-4 w-4 rounded-full border-2 border-white bg-blue-600" aria-hidden="true" />
          <p className="text-sm font-semibold text-blue-700">{m.year}</p>
          <h3 className="mt-1 font-semibold text-slate-900">{m.title}</h3>
          <p className="mt-1 text-slate-700">{m.description}</p>
        </li>
      ))}
    </ol>
  );
}
