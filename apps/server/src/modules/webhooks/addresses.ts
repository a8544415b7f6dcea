/**
 * Where a webhook may be sent: never to this machine or a private network, unless WEBHOOKS_ALLOW_PRIVATE says so
 * (development and tests). A manager chooses the address, so without this check Mend could be made to post to the
 * services beside it (a cloud's metadata address, a database's HTTP port). The address is checked when it is saved (a
 * literal IP or `localhost`) and again each time it is resolved to connect, so a name that later points inside is
 * refused too.
 */
import dns from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4 one. */
const MAPPED_V4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

export function isPrivateAddress(address: string): boolean {
  const mapped = MAPPED_V4.exec(address);
  if (mapped) return blocked.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) return blocked.check(address, 'ipv6');
  return false;
}

/** A host name that is this machine or a private address as written (the name is not resolved here). */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || isPrivateAddress(host);
}

export class PrivateAddressError extends Error {
  constructor(address: string) {
    super(`Refused to connect to the private address ${address}`);
    this.name = 'PrivateAddressError';
  }
}

/** `dns.lookup` for http(s).request that fails with a PrivateAddressError when a resolved address is private. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => isPrivateAddress(entry.address));
    if (refused) return callback(new PrivateAddressError(refused.address), '', 0);
    if (options.all) return (callback as (e: null, all: dns.LookupAddress[]) => void)(null, addresses);
    const [first] = addresses;
    if (!first) return callback(new Error(`No address for ${hostname}`), '', 0);
    callback(null, first.address, first.family);
  });
};
