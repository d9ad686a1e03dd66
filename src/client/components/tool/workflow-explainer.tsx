import { Download, Eye, SlidersHorizontal, Upload } from 'lucide-react';

const STEPS = [
  { icon: Upload, title: 'Upload', text: 'Drop, browse or paste JPEG, PNG, WebP and AVIF images. Several files go into one batch.' },
  { icon: SlidersHorizontal, title: 'Choose quality', text: 'Pick High Quality, Web Optimized or Maximum Compression, or set your own level.' },
  { icon: Eye, title: 'Compare', text: 'Check before and after with the split view, zoom and the differences overlay.' },
  { icon: Download, title: 'Download', text: 'Save single files or everything as one ZIP. Files are deleted within 24 hours.' },
] as const;

export function WorkflowExplainer() {
  return (
    <section aria-labelledby="workflow-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h2 id="workflow-heading" className="text-2xl font-bold text-slate-900">
        How it works
      </h2>
      <p className="mt-1 text-slate-600">From upload to download in four steps, in the background while you keep working.</p>
      <ol className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map(({ icon: Icon, title, text }, i) => (
          <li key={title} className="flex flex-col gap-2">
            <span className="flex h-11 w-11 items-center justify-center rounded-full bg-blue-100 text-blue-700">
              <Icon className="h-5 w-5" aria-hidden="true" />
            </span>
            <h3 className="font-semibold text-slate-900">
              {i + 1}. {title}
            </h3>
            <p className="text-sm text-slate-600">{text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
