// This instance's figures and its operator's stated facts (GET /api/stats), for the About page and the tool page's
// customer words. Fetched once per page load: totals that move by a few images a minute need no polling.
import { useQuery } from '@tanstack/react-query';
import type { SiteFacts } from '#contract/site-facts';

export const SITE_FACTS_KEY = ['/api/stats'] as const;

export const useSiteFacts = () => useQuery<SiteFacts>({ queryKey: SITE_FACTS_KEY });
