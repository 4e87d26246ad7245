import type { LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, isIPv4 } from 'node:net';
import { ServerErrorCode } from '@salient/protocol';
import { AppError } from '../errors.ts';

/**
 * Webhooks are requests the server makes on a user's behalf, so a webhook URL must not reach what
 * only the server can reach (server-side request forgery): loopback, private networks, link-local
 * (cloud metadata at 169.254.169.254), and the other special ranges below, in IPv4 and IPv6. The
 * check is made on every address a name resolves to, when the URL is saved and again at each
 * delivery, on the very addresses the connection then uses (DNS may have changed in between).
 * Redirects are never followed. WEBHOOK_ALLOW_PRIVATE=true turns the check off (tests on one
 * machine, closed networks).
 */
// Two lists: a BlockList matches IPv4 addresses against IPv6 rules too (as mapped addresses),
// which would make ::ffff:0:0/96 refuse every IPv4 address.
const refusedV4 = new BlockList();
const refusedV6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  refusedV4.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['::ffff:0:0', 96], // IPv4-mapped: a public host is never published so
  ['100::', 64], // discard
  ['2001::', 23], // protocol assignments, Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds any IPv4 address
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  refusedV6.addSubnet(net, prefix, 'ipv6');
}

/** NAT64 (64:ff9b::/96) carries an IPv4 address in its last 32 bits: that address is what counts. */
function nat64Embedded(address: string): string | null {
  const m = /^64:ff9b::([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (m) {
    const hi = Number.parseInt(m[1]!, 16);
    const lo = Number.parseInt(m[2]!, 16);
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  const dotted = /^64:ff9b::(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return dotted ? dotted[1]! : null;
}

/** Whether a webhook may not be sent to this IP address. */
export function isRefusedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const kind = isIP(bare);
  if (kind === 0) return true;
  if (kind === 4) return refusedV4.check(bare, 'ipv4');
  const embedded = nat64Embedded(bare);
  if (embedded) return isRefusedAddress(embedded);
  return refusedV6.check(bare, 'ipv6');
}

const webhookRefused = (message: string) => new AppError(ServerErrorCode.WebhookRefused, message);

/** Every address a host name (or literal) stands for; an error with a clear message if none. */
async function addressesOf(hostname: string): Promise<LookupAddress[]> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return [{ address: bare, family: isIPv4(bare) ? 4 : 6 }];
  try {
    return await lookup(bare, { all: true, verbatim: true });
  } catch {
    throw webhookRefused(`webhookUrl: the name ${bare} does not resolve`);
  }
}

/**
 * Checks a webhook URL as a user saves it: an http(s) URL whose host resolves only to public
 * addresses. Throws a WEBHOOK_REFUSED error saying why not.
 */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<void> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw webhookRefused('webhookUrl: not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw webhookRefused('webhookUrl: must be an http(s) URL');
  if (allowPrivate) return;
  for (const { address } of await addressesOf(url.hostname)) {
    if (isRefusedAddress(address))
      throw webhookRefused(
        `webhookUrl: ${url.hostname} is ${address}, a loopback, private or reserved address: webhooks go to public addresses only`,
      );
  }
}

type LookupCallback = (err: Error | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The name lookup a webhook connection uses: the addresses are checked as they are handed to the
 * socket, so a name cannot pass the check and then connect somewhere else.
 */
function guardedLookup(
  hostname: string,
  options: LookupOneOptions | LookupAllOptions,
  callback: LookupCallback,
): void {
  addressesOf(hostname).then(
    (addresses) => {
      const bad = addresses.find((a) => isRefusedAddress(a.address));
      if (bad) {
        callback(
          new Error(`refused: ${hostname} is ${bad.address}, a loopback, private or reserved address`),
          '',
        );
      } else if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    },
    (err: Error) => callback(err, ''),
  );
}

const TIMEOUT_MS = 5_000;

/** POSTs JSON to a webhook; resolves on a 2xx answer, rejects with a readable reason otherwise. */
export function postJson(rawUrl: string, body: unknown, allowPrivate: boolean): Promise<void> {
  const url = new URL(rawUrl);
  const payload = Buffer.from(JSON.stringify(body));
  const send = url.protocol === 'https:' ? https.request : http.request;
  return new Promise<void>((resolve, reject) => {
    const req = send(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': payload.length,
          'user-agent': 'salient-notifier',
        },
        signal: AbortSignal.timeout(TIMEOUT_MS),
        ...(allowPrivate ? {} : { lookup: guardedLookup as never }),
      },
      (res) => {
        res.resume();
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) resolve();
        else if (status >= 300 && status < 400)
          reject(new Error(`webhook answered ${status}: redirects are not followed`));
        else reject(new Error(`webhook answered ${status}`));
      },
    );
    req.on('error', (err) => {
      reject(err.name === 'AbortError' ? new Error(`webhook did not answer within ${TIMEOUT_MS} ms`) : err);
    });
    req.end(payload);
  });
}
