// Renders trusted HTML from our content modules (never user input) with readable article typography.
import { cn } from '#client/lib/cn.ts';

const PROSE = cn(
  'text-slate-700 leading-relaxed',
  '[&_p]:mt-4 [&_p:first-child]:mt-0',
  '[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_h4]:mt-6 [&_h4]:text-lg [&_h4]:font-semibold [&_h4]:text-slate-900',
  '[&_h5]:mt-6 [&_h5]:text-base [&_h5]:font-semibold [&_h5]:text-slate-900',
  '[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1.5',
  '[&_a]:font-medium [&_a]:text-blue-700 [&_a]:underline',
  '[&_strong]:font-semibold [&_strong]:text-slate-900',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-sm [&_code]:text-slate-800',
  '[&_pre]:mt-4 [&_pre]:whitespace-pre-wrap [&_pre]:break-words [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4',
  '[&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-slate-100',
);

/** Moves every heading down by `offset` levels, so one article body fits under an h2 or an h3 title. */
export function shiftHeadings(html: string, offset: number): string {
  if (offset === 0) return html;
  return html.replace(/<(\/?)h([1-6])\b/g, (_m, slash: string, level: string) => `<${slash}h${Math.min(6, Number(level) + offset)}`);
}

export function HtmlContent({ html, headingOffset = 0, className }: { html: string; headingOffset?: number; className?: string }) {
  return <div className={cn(PROSE, className)} dangerouslySetInnerHTML={{ __html: shiftHeadings(html, headingOffset) }} />;
}
