import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { domainAllowed } from './sandboxSettings';

/**
 * Whether the sandbox's proxy lets a connection through (issue 26): the host must be on the allow list, and a host
 * that resolves to the machine itself or its private networks (loopback, link-local, private, CGNAT, unique-local,
 * unspecified) only when the list names it exactly (`localhost`, `127.0.0.1`, `db.internal`): a wildcard or a public
 * name never reaches a local server, whatever its DNS says. The proxy connects to the address checked here, so a
 * second lookup cannot change the answer (DNS rebinding).
 */

export type BlockReason = 'not_allowed' | 'local_address' | 'unresolved';

export type Decision = { ok: true; address: string } | { ok: false; reason: BlockReason; address?: string };

/** Answers every address of a name (the proxy's only DNS: commands in the sandbox have none). */
export type Resolver = (host: string) => Promise<string[]>;

export const systemResolver: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

const local = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  local.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fe80::', 10],
  ['fc00::', 7],
  ['ff00::', 8],
] as const) {
  local.addSubnet(net, bits, 'ipv6');
}

/** The machine itself, its link or a private network (an IPv4-mapped IPv6 address counts as its IPv4 one). */
export function isLocalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return local.check(mapped[1], 'ipv4');
  const kind = isIP(address);
  if (kind === 4) return local.check(address, 'ipv4');
  if (kind === 6) return local.check(address, 'ipv6');
  return true;
}

/** A host as the proxy compares it: lower case, no brackets around an IPv6 address, no trailing dot. */
export function normalHost(host: string): string {
  return host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
}

/** `host` is on the list (`*.x` entries: any sub-domain of x). The port is not restricted. */
export function isAllowed(allow: readonly string[], host: string, _port?: number): boolean {
  return domainAllowed(allow.map(normalHost), normalHost(host));
}

export async function decide(allow: readonly string[], rawHost: string, port: number, resolve: Resolver): Promise<Decision> {
  const host = normalHost(rawHost);
  if (!host || !isAllowed(allow, host, port)) return { ok: false, reason: 'not_allowed' };
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolve(host);
  } catch {
    return { ok: false, reason: 'unresolved' };
  }
  if (!addresses.length) return { ok: false, reason: 'unresolved' };
  const exact = allow.some((e) => normalHost(e) === host);
  const localOne = addresses.find(isLocalAddress);
  if (localOne && !exact) return { ok: false, reason: 'local_address', address: localOne };
  return { ok: true, address: addresses[0] };
}
