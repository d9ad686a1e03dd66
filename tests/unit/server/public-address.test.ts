import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from '#server/net/public-address';
import { checkTargetUrl } from '#server/webhooks/target-url';
import { refusedLiteralHost } from '#server/net/safe-lookup';

// Every spelling an outbound request could be aimed with; `private: true` means the request must be refused.
const TABLE: Array<[form: string, address: string, isPrivate: boolean]> = [
  ['IPv4 public', '93.184.216.34', false],
  ['IPv4 loopback', '127.0.0.2', true],
  ['IPv4 private 10/8', '10.1.2.3', true],
  ['IPv4 private 172.16/12', '172.20.0.1', true],
  ['IPv4 private 192.168/16', '192.168.0.1', true],
  ['IPv4 link-local (cloud metadata)', '169.254.169.254', true],
  ['IPv4 carrier-grade NAT', '100.64.0.1', true],
  ['IPv4 unspecified', '0.0.0.0', true],
  ['IPv4 broadcast', '255.255.255.255', true],
  ['IPv4 multicast', '224.0.0.1', true],
  ['IPv4 reserved 240/4', '240.0.0.1', true],
  ['IPv4 benchmarking', '198.18.0.1', true],
  ['IPv6 global unicast', '2606:4700:4700::1111', false],
  ['IPv6 loopback', '::1', true],
  ['IPv6 unspecified', '::', true],
  ['IPv6 link-local', 'fe80::1', true],
  ['IPv6 link-local with zone', 'fe80::1%eth0', true],
  ['IPv6 unique local', 'fd00::1', true],
  ['IPv6 multicast', 'ff02::1', true],
  ['IPv6 documentation', '2001:db8::1', true],
  ['IPv4-mapped, dotted, loopback', '::ffff:127.0.0.2', true],
  ['IPv4-mapped, hex, loopback', '::ffff:7f00:2', true],
  ['IPv4-mapped, private', '::ffff:10.0.0.1', true],
  ['IPv4-mapped, public', '::ffff:93.184.216.34', false],
  ['IPv4-translated (SIIT), loopback', '::ffff:0:7f00:2', true],
  ['IPv4-compatible, hex, loopback', '::7f00:2', true],
  ['IPv4-compatible, dotted, loopback', '::127.0.0.2', true],
  ['IPv4-compatible, metadata', '::a9fe:a9fe', true],
  ['IPv4-compatible, 0.0.0.2', '::2', true],
  ['IPv4-compatible, public', '::5db8:d822', false],
  ['NAT64 64:ff9b::/96, loopback', '64:ff9b::7f00:2', true],
  ['NAT64 64:ff9b::/96, dotted private', '64:ff9b::10.0.0.1', true],
  ['NAT64 64:ff9b::/96, public', '64:ff9b::93.184.216.34', false],
  ['NAT64 local-use 64:ff9b:1::/48, loopback', '64:ff9b:1::7f00:2', true],
  ['NAT64 local-use 64:ff9b:1::/48, any', '64:ff9b:1:5db8:d8:2200::', true],
  ['6to4 2002::/16, loopback', '2002:7f00:2::1', true],
  ['6to4 2002::/16, private', '2002:c0a8:1::1', true],
  ['6to4 2002::/16, public', '2002:5db8:d822::1', false],
  ['Teredo, public server, loopback client', '2001:0:5db8:d822:0:0:80ff:fffd', true],
  ['Teredo, private server, public client', '2001:0:a00:1:0:0:a247:27dd', true],
  ['Teredo, public server, public client', '2001:0:5db8:d822:0:0:a247:27dd', false],
  ['not an address', 'example.com', true],
];

describe('the address judge', () => {
  it.each(TABLE)('%s: %s private=%s', (_form, address, isPrivate) => {
    expect(isPrivateAddress(address)).toBe(isPrivate);
  });

  it('judges the literal in a URL the same way, for every outbound request', async () => {
    for (const [form, address, isPrivate] of TABLE) {
      if (address.includes('%') || address === 'example.com') continue;
      const host = address.includes(':') ? `[${address}]` : address;
      const url = new URL(`http://${host}:8080/hook`);
      expect(refusedLiteralHost(url, []), form).toBe(isPrivate);
      const registered = checkTargetUrl(url.toString(), { allowedHosts: [] });
      if (isPrivate) await expect(registered, form).rejects.toThrow(/private or loopback/);
      else await expect(registered, form).resolves.toBeInstanceOf(URL);
    }
  });
});
