// The sign-in page's side panel: what an account adds to the free tool.
import { History, Infinity as InfinityIcon, LayoutDashboard, ShieldCheck } from 'lucide-react';
import type { Feature } from './types';
import { GUEST_MAX_SIZE_TEXT, RETENTION_TEXT } from './limits-text';

export const ACCOUNT_BENEFITS = {
  title: 'Why create an account?',
  lead: 'Compression stays free. An account adds more room and keeps track of your work.',
  items: [
    { icon: InfinityIcon, title: 'No size limit', description: `Guests can upload files up to ${GUEST_MAX_SIZE_TEXT} each. With an account, there is no practical limit.` },
    { icon: History, title: 'Compression history', description: 'See your recent jobs and download results again until they are deleted.' },
    { icon: LayoutDashboard, title: 'Personal dashboard', description: 'Track total jobs, storage saved and your average compression at a glance.' },
    { icon: ShieldCheck, title: 'Private by design', description: `Files are deleted automatically ${RETENTION_TEXT}. Export or delete your data at any time.` },
  ] satisfies Feature[],
};
