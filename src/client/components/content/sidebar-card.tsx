import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card } from '#client/components/ui/card.tsx';
import { Heading, type HeadingLevel } from './heading';
import { cn } from '#client/lib/cn.ts';

export function SidebarCard({
  title,
  children,
  level = 2,
  className,
}: {
  title: string;
  children: ReactNode;
  level?: HeadingLevel;
  className?: string;
}) {
  return (
    <Card className={cn('p-5', className)}>
      <Heading level={level} className="text-base font-semibold text-slate-900">
        {title}
      </Heading>
      <div className="mt-3">{children}</div>
    </Card>
  );
}

export interface SidebarLink {
  /** "#id" for a place on this page, else a route. */
  href: string;
  label: string;
}

/** A sidebar card of links in its own navigation landmark: a page's table of contents, or related pages. */
export function SidebarLinks({ title, navLabel = title, links }: { title: string; navLabel?: string; links: readonly SidebarLink[] }) {
  return (
    <SidebarCard title={title}>
      <nav aria-label={navLabel}>
        <ul className="space-y-2 text-sm">
          {links.map((link) => (
            <li key={link.href}>
              {link.href.startsWith('#') ? (
                <a href={link.href} className="text-blue-700 hover:underline">
                  {link.label}
                </a>
              ) : (
                <Link href={link.href} className="text-blue-700 hover:underline">
                  {link.label}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </SidebarCard>
  );
}

/** Links to sections of this page by their ids. */
export const inPageLinks = (sections: readonly { id: string; label: string }[]): SidebarLink[] =>
  sections.map((s) => ({ href: `#${s.id}`, label: s.label }));
