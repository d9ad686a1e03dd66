// The signed-in user the server put into the page (static-client.ts), read once. Undefined when the page came
// without one (the Vite dev server): the user is then fetched from /api/user as usual.
import type { User } from '#contract/api';

let read = false;
let bootstrapped: User | null | undefined;

export function bootstrapUser(): User | null | undefined {
  if (read) return bootstrapped;
  read = true;
  const text = typeof document === 'undefined' ? null : document.getElementById('session-bootstrap')?.textContent;
  if (!text) return (bootstrapped = undefined);
  try {
    bootstrapped = (JSON.parse(text) as { user: User | null }).user;
  } catch {
    bootstrapped = undefined;
  }
  return bootstrapped;
}
