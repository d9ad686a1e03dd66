// Tinify `source.url`: refused unless the host is allow-listed, and never fetched from a private address even then.
import { describe, expect, it } from 'vitest';
import { fetchSourceUrl, isPrivateAddress, SourceUrlRefused } from '#server/tinify/source-url';

describe('source URL fetching', () => {
  it('is off without an allow-list, and refuses hosts not on it', async () => {
    await expect(fetchSourceUrl('https://example.com/a.png', [])).rejects.toThrow(/not enabled/);
    await expect(fetchSourceUrl('https://evil.example/a.png', ['example.com'])).rejects.toThrow(/not on this server's allow-list/);
    await expect(fetchSourceUrl('file:///etc/passwd', ['example.com'])).rejects.toBeInstanceOf(SourceUrlRefused);
  });

  it('refuses allow-listed hosts that resolve to private, loopback or link-local addresses', async () => {
    await expect(fetchSourceUrl('http://localhost/a.png', ['localhost'])).rejects.toThrow(/private address/);
    await expect(fetchSourceUrl('http://127.0.0.1:5000/api/health', ['127.0.0.1'])).rejects.toThrow(/private address/);
    for (const address of ['10.1.2.3', '192.168.0.1', '169.254.169.254', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1']) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    expect(isPrivateAddress('93.184.216.34')).toBe(false);
  });
});
