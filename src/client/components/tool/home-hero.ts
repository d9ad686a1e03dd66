// The tool page's heading and lead, as React renders them and as static HTML. The build writes the static copy into
// index.html (vite.config.ts), shown on "/" only, so the page's largest paint (this heading) happens when the HTML and
// the stylesheet arrive instead of after the app's JavaScript: about a second sooner on a slow phone. React then
// replaces it with the same heading in the same place (the e2e test checks both match). Plain strings, no JSX: the
// build imports this file.
import { RETENTION_TEXT } from '#client/content/limits-text.ts';

export const HOME_TITLE = 'Compress JPEG, PNG, WebP and AVIF images';
export const HOME_LEAD = `Smaller files at the same visual quality. Free, deleted automatically ${RETENTION_TEXT}, or never uploaded in private mode.`;

/** Whole class names (the stylesheet build finds them here), shared by the page and its static copy. */
export const HOME_CLASSES = {
  main: 'mx-auto max-w-6xl space-y-4 px-4 py-4 sm:space-y-8 sm:py-8',
  hero: 'text-center',
  title: 'text-2xl font-bold tracking-tight text-slate-900 sm:text-4xl',
  lead: 'mx-auto mt-2 max-w-2xl text-slate-600',
} as const;

/** The page shell's frame around it, as the tool variant draws it before the header's contents arrive. */
const SHELL = {
  page: 'flex min-h-screen flex-col bg-slate-50',
  header: 'sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur',
  headerRow: 'mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4',
  main: 'w-full flex-1',
} as const;

export function homeFirstPaintHtml(): string {
  return (
    `<div class="${SHELL.page}" data-first-paint="home"><header class="${SHELL.header}"><div class="${SHELL.headerRow}"></div></header>` +
    `<main class="${SHELL.main} ${HOME_CLASSES.main}"><div class="${HOME_CLASSES.hero}"><h1 class="${HOME_CLASSES.title}">${HOME_TITLE}</h1>` +
    `<p class="${HOME_CLASSES.lead}">${HOME_LEAD}</p></div></main></div>`
  );
}
