// Sign-in returns to the page that sent the visitor, and only ever to a path of this site.
import { describe, expect, it } from 'vitest';
import { nextPath } from '#client/lib/next-path.ts';

describe('nextPath', () => {
  it('returns to a path of this site', () => {
    expect(nextPath('?next=/developers')).toBe('/developers');
    expect(nextPath('?next=%2Fdevelopers%23quick-start')).toBe('/developers#quick-start');
  });

  it('goes to the tool for anything else: no next, another origin, or the sign-in page itself', () => {
    for (const search of ['', '?next=', '?next=https://evil.example', '?next=//evil.example/x', '?next=/\\evil.example', '?next=developers', '?next=/auth']) {
      expect(nextPath(search), search).toBe('/');
    }
  });
});
