/** Outline button for blue call-to-action bands (white on blue-700 keeps a 6.7:1 contrast). */
export const OUTLINE_ON_BLUE =
  'inline-flex h-12 items-center justify-center gap-2 rounded-md border border-white px-6 text-base font-medium text-white transition-colors hover:bg-blue-800';
