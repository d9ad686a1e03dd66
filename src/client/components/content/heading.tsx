// A heading whose level is chosen by the caller, so shared blocks keep the page's outline in order.
import type { HTMLAttributes } from 'react';

export type HeadingLevel = 2 | 3 | 4;

export function Heading({ level, ...props }: { level: HeadingLevel } & HTMLAttributes<HTMLHeadingElement>) {
  const Tag = `h${level}` as const;
  return <Tag {...props} />;
}
