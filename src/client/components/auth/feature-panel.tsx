import { Infinity as InfinityIcon, History, LayoutDashboard, ShieldCheck } from 'lucide-react';

const FEATURES = [
  { icon: InfinityIcon, title: 'No size limit', text: 'Guests can upload files up to 10 MB each. With an account, there is no practical limit.' },
  { icon: History, title: 'Compression history', text: 'See your recent jobs and download results again until they are deleted.' },
  { icon: LayoutDashboard, title: 'Personal dashboard', text: 'Track total jobs, storage saved and your average compression at a glance.' },
  { icon: ShieldCheck, title: 'Private by design', text: 'Files are deleted automatically within 24 hours. Export or delete your data at any time.' },
] as const;

export function FeaturePanel() {
  return (
    <aside aria-labelledby="auth-features-heading" className="rounded-2xl bg-gradient-to-br from-blue-700 to-indigo-800 p-6 text-white sm:p-8">
      <h2 id="auth-features-heading" className="text-2xl font-bold">
        Why create an account?
      </h2>
      <p className="mt-2 text-blue-100">Compression stays free. An account adds more room and keeps track of your work.</p>
      <ul className="mt-6 space-y-5">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-white/15">
              <Icon className="h-5 w-5" aria-hidden="true" />
            </span>
            <span>
              <span className="block font-semibold">{title}</span>
              <span className="block text-sm text-blue-100">{text}</span>
            </span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
