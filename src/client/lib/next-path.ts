// Where sign-in returns to: the page that sent the visitor (`/auth?next=/developers`), so signing up from the API page
// ends on the API page, not on the tool. Only a path of this site: never another origin (`//host`, `/\host`).

/** The `next` path of a query string when it is one of ours, else the tool (/). */
export function nextPath(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\') || next.startsWith('/auth')) return '/';
  return next;
}
