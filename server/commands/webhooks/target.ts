import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may post (SSRF guard). A target must be an http(s) URL whose host resolves
 * only to public unicast addresses: loopback, private (10/8, 172.16/12, 192.168/16), link-local
 * (169.254/16 with the cloud metadata address, fe80::/10), CGNAT (100.64/10), unique-local
 * (fc00::/7), unspecified, multicast, reserved, and IPv6 forms that embed an IPv4 address
 * (IPv4-mapped, 6to4, Teredo, NAT64) are refused. ipaddr.js classifies the address; only its
 * `unicast` range passes. The check runs after DNS resolution at delivery time, and the request
 * then connects to exactly the address checked (see `pinnedLookup`), so a DNS answer that changes
 * between check and connection (rebinding) cannot take the request elsewhere.
 * `WEBHOOK_ALLOW_PRIVATE=true` lifts the address rule (a Folio on a private network posting to
 * a private chat server); the scheme rule stays.
 */
export class TargetRefused extends Error {
  override name = 'TargetRefused';
}

export interface ResolvedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** Parses and checks the scheme; the host is left to `checkAddress` / `resolveTarget`. */
function parseTargetUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new TargetRefused('is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TargetRefused('must be an http:// or https:// URL');
  if (!url.hostname) throw new TargetRefused('has no host');
  return url;
}

/** The URL's host when it is an IP literal (brackets of IPv6 removed), else null. */
function literalAddress(url: URL): string | null {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return net.isIP(host) ? host : null;
}

/** The range of an address that may not be a webhook target (IPv4-mapped forms shown as IPv4), or null when it may. */
function refusedRange(address: string): { shown: string; range: string } | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // process() turns IPv4-mapped IPv6 (::ffff:127.0.0.1) into the IPv4 address it carries.
    parsed = ipaddr.process(address);
  } catch {
    return { shown: address, range: 'invalid' };
  }
  const range = parsed.range();
  return range === 'unicast' ? null : { shown: parsed.toString(), range };
}

/** Why an address may not be a webhook target (`127.0.0.1 is a loopback address`), or null when it may. */
export function addressRefusal(address: string): string | null {
  const r = refusedRange(address);
  return r && `${r.shown} is a ${r.range} address`;
}

const RULE = 'webhooks may not reach loopback, private or link-local addresses';

/** Save-time check: the scheme, and the host when it is an IP literal (names are resolved at delivery). */
export function checkTargetUrl(raw: string, allowPrivate: boolean): URL {
  const url = parseTargetUrl(raw);
  const literal = literalAddress(url);
  if (literal && !allowPrivate) {
    const refusal = addressRefusal(literal);
    if (refusal) throw new TargetRefused(`points to ${refusal}; ${RULE}`);
  }
  return url;
}

/**
 * Delivery-time check: resolves the host and refuses it when ANY of its addresses is not public
 * (a name with one private address among public ones is refused, since a client may pick either).
 */
export async function resolveTarget(raw: string, allowPrivate: boolean): Promise<ResolvedTarget> {
  const url = parseTargetUrl(raw);
  const literal = literalAddress(url);
  let addresses: { address: string; family: number }[];
  if (literal) addresses = [{ address: literal, family: net.isIP(literal) }];
  else {
    try {
      addresses = await dns.promises.lookup(url.hostname, { all: true, verbatim: true });
    } catch (err) {
      throw new TargetRefused(`host ${url.hostname} could not be resolved (${(err as NodeJS.ErrnoException).code ?? 'DNS error'})`);
    }
    if (!addresses.length) throw new TargetRefused(`host ${url.hostname} has no address`);
  }
  if (!allowPrivate) {
    for (const a of addresses) {
      const r = refusedRange(a.address);
      if (!r) continue;
      throw new TargetRefused(
        literal ? `${r.shown} is a ${r.range} address; ${RULE}` : `${url.hostname} resolves to ${r.shown}, a ${r.range} address; ${RULE}`,
      );
    }
  }
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** A `lookup` for http(s).request that answers the address already checked, whatever the name. */
export function pinnedLookup(target: ResolvedTarget): net.LookupFunction {
  return (_hostname, options, callback) => {
    if ((options as dns.LookupAllOptions).all)
      (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}
