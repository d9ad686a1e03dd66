// Every route of the spec; every page but the tool is loaded on demand.
import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { Toaster } from './components/ui/toaster';
import { eagerPage, lazyPage, type PageComponent } from './lib/lazy-page';
// The tool is where most visits start: it ships in the entry chunk with the parts it shares with other pages, so a
// slow phone fetches two files for it instead of a page chunk and a wave of tiny shared chunks after it.
import Home from './pages/home';
import type { ClientRoute } from '#contract/routes';

const PAGES: Record<ClientRoute, PageComponent> = {
  '/': eagerPage(Home),
  '/landing': lazyPage(() => import('./pages/landing')),
  '/auth': lazyPage(() => import('./pages/auth')),
  '/dashboard': lazyPage(() => import('./pages/dashboard')),
  '/about': lazyPage(() => import('./pages/about')),
  '/about-enhanced': lazyPage(() => import('./pages/about-enhanced')),
  '/privacy': lazyPage(() => import('./pages/privacy')),
  '/privacy-enhanced': lazyPage(() => import('./pages/privacy-enhanced')),
  '/terms': lazyPage(() => import('./pages/terms')),
  '/terms-enhanced': lazyPage(() => import('./pages/terms-enhanced')),
  '/blog': lazyPage(() => import('./pages/blog')),
  '/help': lazyPage(() => import('./pages/help')),
  '/developers': lazyPage(() => import('./pages/developers')),
  '/private': lazyPage(() => import('./pages/private')),
};
const NotFound = lazyPage(() => import('./pages/not-found'));

/** Loads the page for a path before the first render (see lazy-page.ts). */
export function preloadPage(pathname: string): Promise<unknown> {
  const path = (pathname.replace(/\/+$/, '') || '/') as ClientRoute;
  return (PAGES[path] ?? NotFound).preload();
}

export function App() {
  return (
    <>
      <Suspense fallback={<div className="min-h-screen" aria-busy="true" />}>
        <Switch>
          {Object.entries(PAGES).map(([path, Page]) => (
            <Route key={path} path={path} component={Page} />
          ))}
          <Route component={NotFound} />
        </Switch>
      </Suspense>
      <Toaster />
    </>
  );
}
