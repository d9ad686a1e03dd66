import { Link } from 'wouter';
import { ArrowLeft } from 'lucide-react';

export function BackLink({ href = '/', label = 'Back to Home' }: { href?: string; label?: string }) {
  return (
    <Link href={href} className="inline-flex items-center gap-1 text-sm font-medium text-blue-700 hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {label}
    </Link>
  );
}
