// Session tokens: the cookie carries 256 random bits; the database stores only their SHA-256 (decision 0007).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashToken, newSessionToken } from '#server/auth/tokens';

describe('session tokens', () => {
  it('are 256 random bits written in cookie-safe base64url, different every time', () => {
    const tokens = Array.from({ length: 50 }, () => newSessionToken());
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('are stored as their SHA-256 in hex, the same for the same token and never the token itself', () => {
    const token = newSessionToken();
    const stored = hashToken(token);
    expect(stored).toBe(createHash('sha256').update(token).digest('hex'));
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).toBe(stored);
    expect(hashToken(newSessionToken())).not.toBe(stored);
    // The published SHA-256 test vector, so the digest is not merely self-consistent.
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
