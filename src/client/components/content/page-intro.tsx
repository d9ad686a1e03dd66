// The top of a content page: optional back link, the page's single h1 and a lead paragraph.
import type { ReactNode } from 'react';
import { BackLink } from './back-link';

export function PageIntro({
  title,
  lead,
  backLink = true,
  children,
}: {
  title: string;
  lead?: ReactNode;
  backLink?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="mb-8">
      {backLink && <BackLink />}
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      {lead && <p className="mt-3 max-w-3xl text-lg text-slate-700">{lead}</p>}
      {children}
    </div>
  );
}
