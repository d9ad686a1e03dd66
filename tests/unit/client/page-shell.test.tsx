// @vitest-environment jsdom
// The one page header: what a guest and a signed-in visitor see in each variant, the skip link and landmarks, and
// where signing out lands. The network is the only stand-in: /api/user and /api/logout answer through fetch.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PageShell, type PageShellVariant } from '#client/components/layout/page-shell.tsx';
import { dismissToast } from '#client/lib/toast.ts';
import type { User } from '#contract/api';

const ANN: User = { id: 'u1', email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', profileImageUrl: null, createdAt: '' };

/** Answers the session endpoints as the server would for a guest (null) or a signed-in user. */
function serveSession(user: User | null) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/user') return user ? Response.json(user) : new Response('{"message":"Unauthorized"}', { status: 401 });
    if (url === '/api/logout' && init?.method === 'POST') return new Response(null, { status: 200 });
    return new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderShell(variant: PageShellVariant) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PageShell variant={variant}>
        <h1>Page body</h1>
      </PageShell>
    </QueryClientProvider>,
  );
  return within(screen.getByRole('banner'));
}

/** Resolves once the header knows who is visiting (in these tests the session arrives by fetch, not with the page). */
const sessionKnown = (header: ReturnType<typeof renderShell>) => waitFor(() => expect(header.queryByTestId('session-pending')).toBeNull());

beforeEach(() => window.history.replaceState(null, '', '/start'));

afterEach(() => {
  cleanup();
  dismissToast();
  vi.unstubAllGlobals();
});

describe('PageShell', () => {
  it('starts with the skip link to the one main landmark, then the brand mark linking home', async () => {
    serveSession(null);
    const header = renderShell('site');
    await sessionKnown(header);
    const links = screen.getAllByRole('link');
    expect(links[0]!.textContent).toBe('Skip to content');
    expect(links[0]!.getAttribute('href')).toBe('#main');
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getByRole('main').id).toBe('main');
    expect(within(screen.getByRole('main')).getByRole('heading', { name: 'Page body' })).toBeTruthy();
    expect(header.getByRole('link', { name: 'ImageSqueeze home' }).getAttribute('href')).toBe('/');
  });

  it('tool, guest: "Guest Mode" and Sign In, with the footer', async () => {
    serveSession(null);
    const header = renderShell('tool');
    await header.findByTestId('guest-mode');
    expect(header.getByTestId('guest-mode').textContent).toBe('Guest Mode');
    expect(header.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
    expect(header.queryByTestId('welcome')).toBeNull();
    // One header across the site: the tool has the same navigation as every other page.
    expect(header.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('tool, signed in: greeting, Dashboard link, avatar initial and Sign out instead of the guest controls', async () => {
    serveSession(ANN);
    const header = renderShell('tool');
    expect((await header.findByTestId('welcome')).textContent).toBe('Welcome, Ann');
    const account = within(header.getByRole('navigation', { name: 'Account' }));
    expect(account.getByRole('link', { name: /Dashboard/ }).getAttribute('href')).toBe('/dashboard');
    expect(account.getByTestId('avatar').textContent).toBe('A');
    expect(account.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(header.queryByTestId('guest-mode')).toBeNull();
    expect(header.queryByRole('link', { name: 'Sign In' })).toBeNull();
  });

  it('site, guest: the site navigation and Sign In, no guest-mode label', async () => {
    serveSession(null);
    const header = renderShell('site');
    await header.findByRole('link', { name: 'Sign In' });
    const nav = within(header.getByRole('navigation', { name: 'Main' }));
    expect(nav.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Compress', '/'],
      ['API', '/developers'],
      ['Features', '/landing'],
      ['Help', '/help'],
      ['Blog', '/blog'],
      ['About', '/about'],
    ]);
    // On a phone the header has room for one link: the API's.
    expect(nav.getAllByRole('link').filter((a) => !a.className.includes('hidden')).map((a) => a.textContent)).toEqual(['API']);
    expect(header.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
    expect(header.queryByTestId('guest-mode')).toBeNull();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('site, signed in: the account (no greeting) replaces Sign In', async () => {
    serveSession(ANN);
    const header = renderShell('site');
    await header.findByRole('button', { name: 'Sign out' });
    expect(header.getByRole('link', { name: /Dashboard/ }).getAttribute('href')).toBe('/dashboard');
    expect(header.queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(header.queryByTestId('welcome')).toBeNull();
    expect(header.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  it('focused, guest: the same navigation (Compress leads back to the compressor) and footer, no Sign In', async () => {
    serveSession(null);
    const header = renderShell('focused');
    expect(header.getByTestId('session-pending')).toBeTruthy();
    await sessionKnown(header);
    expect(header.getByRole('link', { name: 'Compress' }).getAttribute('href')).toBe('/');
    expect(header.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(header.queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'API' }).getAttribute('href')).toBe('/developers');
  });

  it('focused, signed in: avatar and Sign out without a Dashboard link; signing out goes to the compressor', async () => {
    const fetchMock = serveSession(ANN);
    const header = renderShell('focused');
    const signOut = await header.findByRole('button', { name: 'Sign out' });
    expect(header.getByTestId('avatar').textContent).toBe('A');
    expect(header.queryByRole('link', { name: /Dashboard/ })).toBeNull();
    expect(header.queryByTestId('welcome')).toBeNull();
    fireEvent.click(signOut);
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(fetchMock).toHaveBeenCalledWith('/api/logout', expect.objectContaining({ method: 'POST' }));
  });

  it('tool, signed in: signing out stays on the page and turns the header into the guest one', async () => {
    serveSession(ANN);
    const header = renderShell('tool');
    fireEvent.click(await header.findByRole('button', { name: 'Sign out' }));
    await header.findByTestId('guest-mode');
    expect(window.location.pathname).toBe('/start');
    expect(header.queryByTestId('welcome')).toBeNull();
  });
});
