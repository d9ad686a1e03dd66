import { Camera, Code2, Megaphone, ShoppingCart, Building2, PenTool } from 'lucide-react';

const SOLUTIONS = [
  { icon: Camera, title: 'Photographers', text: 'Share lighter galleries and proofs while keeping the look of every shot. High Quality keeps fine detail.' },
  { icon: ShoppingCart, title: 'E-commerce', text: 'Faster product pages convert better. Compress whole catalogues in batches and download them as a ZIP.' },
  { icon: Code2, title: 'Web developers', text: 'Hit your Core Web Vitals: smaller hero images mean a quicker Largest Contentful Paint.' },
  { icon: Megaphone, title: 'Marketers', text: 'Keep email campaigns and social posts under size limits without blurry banners.' },
  { icon: PenTool, title: 'Content creators', text: 'Upload more, wait less. Blog and portfolio images that load fast on any phone.' },
  { icon: Building2, title: 'Businesses', text: 'Cut storage and bandwidth costs across teams, with files deleted automatically within 24 hours.' },
] as const;

export function IndustrySolutions() {
  return (
    <section aria-labelledby="solutions-heading">
      <h2 id="solutions-heading" className="text-2xl font-bold text-slate-900">
        Solutions for every industry
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {SOLUTIONS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <Icon className="h-6 w-6 text-blue-700" aria-hidden="true" />
            <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
            <p className="mt-1 text-sm text-slate-600">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
