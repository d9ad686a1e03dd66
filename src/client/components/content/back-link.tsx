import { Link } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { cn } from '#client/lib/cn.ts';

export function BackLink({ href = '/', label = 'Back to Home', className }: { href?: string; label?: string; className?: string }) {
  return (
    <Link href={href} className={cn('inline-flex items-center gap-1 text-sm font-medium text-blue-700 hover:underline', className)}>
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {label}
    </Link>
  );
}
