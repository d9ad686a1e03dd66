import { useState } from 'react';
import { cn } from '#client/lib/cn.ts';

/** Round avatar: the profile image when it loads, else the initial letter. */
export function Avatar({ src, initial, className }: { src?: string | null; initial: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <span
      className={cn(
        'inline-flex h-9 w-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-blue-100 text-sm font-semibold text-blue-800',
        className,
      )}
      aria-hidden="true"
      data-testid="avatar"
    >
      {src && !failed ? <img src={src} alt="" className="h-full w-full object-cover" onError={() => setFailed(true)} /> : initial}
    </span>
  );
}
