// Short tips: the Help Center's four Quick Tips cards and the blog sidebar's Quick Tips.
import { FileStack, FolderTree, Gauge, Shapes } from 'lucide-react';
import type { Tip } from './types';
import { DEFAULT_QUALITY_TEXT, GUEST_FILES_TEXT, USER_FILES_TEXT } from './limits-text';

export const HELP_QUICK_TIPS: Tip[] = [
  {
    title: 'Optimal quality',
    tip: `Use ${DEFAULT_QUALITY_TEXT} for websites, 60-70% for email attachments and 85-90% for images you archive or print.`,
    icon: Gauge,
  },
  {
    title: 'Format selection',
    tip: 'For web pages, Auto picks the smallest format your visitors\' browsers can show, usually AVIF or WebP. For email and older software, keep photos in JPEG and graphics, text or transparent images in PNG.',
    icon: Shapes,
  },
  {
    title: 'Batch processing',
    tip: `Group images that need the same setting and upload them together: up to ${GUEST_FILES_TEXT} as a guest, ${USER_FILES_TEXT} with a free account.`,
    icon: FileStack,
  },
  {
    title: 'File organisation',
    tip: 'Keep your originals in a separate folder and give compressed files descriptive, hyphenated names before publishing.',
    icon: FolderTree,
  },
];

export const BLOG_QUICK_TIPS: Tip[] = [
  { title: 'Resize first', tip: 'Export at the size your layout displays; fewer pixels beat any quality setting.' },
  { title: 'Compare at 100%', tip: 'Judge quality zoomed in on faces, skies and text, never at thumbnail size.' },
  { title: 'Compress once', tip: 'Re-saving a JPEG adds artefacts each time. Always start from the original.' },
  { title: 'Reserve space', tip: 'Give every image width and height attributes so pages do not jump while loading.' },
];
