// Bounds the connections one client address may hold open at once. Without it a single host can open thousands
// of idle sockets and use up the process's file descriptors, and then nobody can upload. Connections past the
// bound are closed at once, before any byte is read; the client's other connections go on as usual.
import type { Server } from 'node:http';
import { BlockList, isIPv4, type Socket } from 'node:net';

export interface ConnectionLimitOptions {
  maxPerAddress: number;
  /** Addresses not limited: a trusted reverse proxy carries many clients on its connections (trustedProxyMatcher). */
  isExempt: (address: string) => boolean;
}

export function limitConnectionsPerAddress(server: Server, options: ConnectionLimitOptions): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || options.isExempt(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > options.maxPerAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

/** proxy-addr's reserved range names (accepted in TRUST_PROXY) as subnets. */
const RANGES: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [['127.0.0.0', 8, 'ipv4'], ['::1', 128, 'ipv6']],
  linklocal: [['169.254.0.0', 16, 'ipv4'], ['fe80::', 10, 'ipv6']],
  uniquelocal: [['10.0.0.0', 8, 'ipv4'], ['172.16.0.0', 12, 'ipv4'], ['192.168.0.0', 16, 'ipv4'], ['fc00::', 7, 'ipv6']],
};

/** Whether a peer address is one of the trusted proxies (TRUST_PROXY's list: addresses, CIDR ranges, range names). */
export function trustedProxyMatcher(proxies: false | string[]): (address: string) => boolean {
  if (!proxies) return () => false;
  const list = new BlockList();
  for (const entry of proxies) {
    for (const [net, prefix, type] of RANGES[entry] ?? []) list.addSubnet(net, prefix, type);
    if (RANGES[entry]) continue;
    const [address, prefix] = entry.split('/') as [string, string | undefined];
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    const plain = v4 ?? address;
    return list.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6');
  };
}
