import { isIPv4, isIPv6 } from 'node:net';

/** Whether `host` (a name or an address, IPv4-mapped IPv6 included) names this machine's loopback. */
export const isLoopback = (host: string): boolean =>
  host === 'localhost' ||
  (isIPv4(host) && host.startsWith('127.')) ||
  (isIPv6(host) && /^(::1|::ffff:127\.[\d.]+)$/i.test(host));
