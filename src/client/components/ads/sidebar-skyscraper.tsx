// The 160x600 sidebar ad, only where the sidebar stands beside the content (TwoColumnPage's lg breakpoint). Below it
// the sidebar follows the content in one column, where a tall narrow ad is a 600 px gap on a phone; the sidebar's
// medium slot is the placement there. Hidden slots are not requested (see AdSlot).
import { AdSlot } from './ad-slot';

export function SidebarSkyscraper({ slot }: { slot: string }) {
  return <AdSlot size="skyscraper" slot={slot} className="hidden lg:block" />;
}
