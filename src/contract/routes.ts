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
] as const;
export type ClientRoute = (typeof CLIENT_ROUTES)[number];
