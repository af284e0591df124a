/**
 * Lists of peer addresses a setting allows (METRICS_ALLOW): single addresses, CIDRs and the name
 * `loopback`, checked against the connection's own address (node:net BlockList, which also matches
 * an IPv4 peer seen as ::ffff:a.b.c.d on a dual-stack socket).
 */
import { BlockList, isIP } from 'node:net';

const LOOPBACK = [
  { address: '127.0.0.0', bits: 8, family: 'ipv4' },
  { address: '::1', bits: 128, family: 'ipv6' },
] as const;

/**
 * `loopback,10.8.0.5,10.9.0.0/16` → its entries; anything else throws naming the setting and the
 * entry (a typo must stop the start, not open or close the door silently). Empty: nobody.
 */
export function parseAddressList(raw: string | undefined, setting: string): string[] {
  const entries = (raw ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (entry === 'loopback') continue;
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (family === 0 || !bitsOk || extra !== undefined) {
      throw new Error(`${setting}: "${entry}" is not an address, a CIDR or loopback`);
    }
  }
  return entries;
}

/** Whether a peer address is on the list (entries as parseAddressList answers them). */
export function addressMatcher(entries: readonly string[]): (address: string | undefined) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    if (entry === 'loopback') {
      for (const l of LOOPBACK) list.addSubnet(l.address, l.bits, l.family);
      continue;
    }
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (address) => {
    if (!address) return false;
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}
