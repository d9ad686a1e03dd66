// Ad slot in one of the spec's sizes. Without a configured client id it renders nothing at all
// (no empty boxes, no layout shift); with one it reserves the exact size before the ad arrives.
import { useEffect, useRef } from 'react';
import { cn } from '#client/lib/cn.ts';
import { decideAd, ensureAdScript, resolveAdClientId, warnMissingClientOnce, type AdSize } from './ad-config';

export type { AdSize } from './ad-config';

export interface AdSlotProps {
  size: AdSize;
  /** The ad network's slot id for this placement. */
  slot: string;
  className?: string;
}

export function AdSlot({ size, slot, className }: AdSlotProps) {
  const decision = decideAd(resolveAdClientId(), size);
  const insRef = useRef<HTMLModElement>(null);
  const clientId = decision.render ? decision.clientId : null;

  useEffect(() => {
    if (!clientId) {
      warnMissingClientOnce();
      return;
    }
    ensureAdScript(clientId);
    const ins = insRef.current;
    // Each <ins> may be filled only once; development re-runs effects, so mark it.
    if (!ins || ins.dataset.adPushed) return;
    // A slot hidden at this breakpoint (responsive pairs) would be reported by the ad script as having no size.
    if (ins.parentElement && getComputedStyle(ins.parentElement).display === 'none') return;
    ins.dataset.adPushed = 'true';
    (window.adsbygoogle = window.adsbygoogle ?? []).push({});
  }, [clientId]);

  if (!decision.render) return null;
  const { width, height } = decision;
  return (
    <div
      className={cn('mx-auto max-w-full overflow-hidden', className)}
      style={{ width, minHeight: height }}
      data-ad-size={size}
      data-testid="ad-slot"
    >
      <ins
        ref={insRef}
        className="adsbygoogle"
        style={{ display: 'block', width, height }}
        data-ad-client={decision.clientId}
        data-ad-slot={slot}
      />
    </div>
  );
}
