import net from 'node:net';

/** `a.b.c.d/n` or `x::y/n`; a bare address is a range of one. */
export function parseCidr(
  cidr: string,
): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, ...rest] = cidr.trim().split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) {
    return null;
  }
  const max = family === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (!/^\d{1,3}$/.test(prefixText ?? String(max)) || prefix > max) {
    return null;
  }
  return { address, prefix, family: family === 4 ? 'ipv4' : 'ipv6' };
}
