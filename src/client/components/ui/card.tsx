import type { ComponentType, HTMLAttributes, SVGProps } from 'react';
import { cn } from '#client/lib/cn.ts';

export const Card = ({ className, ...props }: HTMLAttributes<HTMLDivElement>) => (
  <div className={cn('rounded-xl border border-slate-200 bg-white shadow-sm', className)} {...props} />
);

export const CardHeader = ({ className, ...props }: HTMLAttributes<HTMLDivElement>) => (
  <div className={cn('flex flex-col gap-1 p-5 pb-3', className)} {...props} />
);

/** A card's heading; with `icon`, the icon (decorative, in the brand colour) stands before the words. */
export const CardTitle = ({
  className,
  icon: Icon,
  children,
  ...props
}: HTMLAttributes<HTMLHeadingElement> & { icon?: ComponentType<SVGProps<SVGSVGElement>> }) => (
  <h2 className={cn('text-lg font-semibold leading-tight', Icon && 'flex items-center gap-2', className)} {...props}>
    {Icon && <Icon className="h-5 w-5 text-blue-700" aria-hidden="true" />}
    {children}
  </h2>
);

export const CardContent = ({ className, ...props }: HTMLAttributes<HTMLDivElement>) => (
  <div className={cn('p-5 pt-0', className)} {...props} />
);
