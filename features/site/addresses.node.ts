/**
 * What a production address may be, for the site's, the CMS's and the
 * sign-in's settings alike: not this machine or no machine, not a reserved
 * domain, no credentials. Node's own parser reads the IP addresses (node:net,
 * which a CDN's functions have too).
 */
import { BlockList, isIP } from 'node:net';

/**
 * This machine or no machine: 127.0.0.0/8, 0.0.0.0/8, ::1, ::, and IPv4
 * addresses embedded in IPv6 (::ffff:127.0.0.1, ::127.0.0.1).
 */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addSubnet('0.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
LOOPBACK.addAddress('::', 'ipv6');
LOOPBACK.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');
LOOPBACK.addSubnet('::ffff:0.0.0.0', 104, 'ipv6');
LOOPBACK.addSubnet('::127.0.0.0', 104, 'ipv6');
LOOPBACK.addSubnet('::0.0.0.0', 104, 'ipv6');

/**
 * Whether a URL's host is this machine or no machine: localhost and its
 * subdomains (RFC 6761), and the addresses above. Takes the host as `new
 * URL()` normalises it (lower case, numeric IPv4 forms in dotted notation,
 * IPv6 in brackets).
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.+$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const address = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const family = isIP(address);
  return family !== 0 && LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** A URL with its password hidden, to quote in a message. */
export function quoteUrl(url: URL, value: string): string {
  if (!url.password) return value;
  const shown = new URL(url.href);
  shown.password = '***';
  return shown.href;
}

/** What a production build refuses in a well-formed URL, all on one line (cmsOriginFromEnv holds CMS_ORIGIN to it too). */
export function productionUrlProblem(name: string, url: URL, value: string): string | null {
  const faults: string[] = [];
  if (url.protocol === 'http:') faults.push('must use https');
  if (isLoopbackHost(url.hostname)) faults.push('must not point at this machine');
  if (url.username || url.password) faults.push('must not contain a user name or password (it would be public)');
  if (url.search || url.hash || value.includes('?') || value.includes('#')) faults.push('must not have a query or fragment');
  if (name === 'GATSBY_SITE_URL' && url.pathname.replace(/\/+$/, '') !== '') faults.push('must be an origin, without a path');
  return faults.length > 0 ? `${name} ${faults.join(', ')}; got "${quoteUrl(url, value)}"` : null;
}

/** Top-level domains that never receive mail (RFC 2606 and 6761), nor serve a site. */
export const RESERVED_TOP_LEVEL = /\.(example|invalid|localhost|test)$/i;
