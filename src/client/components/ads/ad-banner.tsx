// A full-width banner placement: the wide size where it fits, a phone-sized one below the breakpoint,
// so no ad is ever wider than the screen. Only the visible one is requested (see AdSlot).
import { AdSlot } from './ad-slot';
import { cn } from '#client/lib/cn.ts';

export function AdBanner({ slot, wide = 'leaderboard', className }: { slot: string; wide?: 'leaderboard' | 'billboard'; className?: string }) {
  const billboard = wide === 'billboard';
  return (
    <>
      <AdSlot
        size={billboard ? 'medium' : 'mobile-banner'}
        slot={`${slot}-mobile`}
        className={cn(className, billboard ? 'lg:hidden' : 'sm:hidden')}
      />
      <AdSlot size={wide} slot={slot} className={cn(className, billboard ? 'hidden lg:block' : 'hidden sm:block')} />
    </>
  );
}
