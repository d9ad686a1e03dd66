// The client routes of the spec (section 2). The server uses this list to answer unknown paths with 404.
export const CLIENT_ROUTES = [
  '/',
  '/landing',
  '/auth',
  '/dashboard',
  '/about',
  '/about-enhanced',
  '/privacy',
  '/privacy-enhanced',
  '/terms',
  '/terms-enhanced',
  '/blog',
  '/help',
  '/developers',
  '/private',
] as const;
export type ClientRoute = (typeof CLIENT_ROUTES)[number];

/** Private mode's offline shell: the tool page with no one signed in, the only page its service worker keeps. */
export const OFFLINE_SHELL_PATH = '/offline-shell';
/** The private page's offline shell: `/private` for nobody, with the private page's isolation headers. */
export const PRIVATE_OFFLINE_SHELL_PATH = '/offline-shell/private';
