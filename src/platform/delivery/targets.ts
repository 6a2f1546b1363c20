import { isIP } from 'node:net';
import { isForbiddenAddress, systemLookup, type Lookup } from '../snapshots/redirects.js';
import { staticTargetRefusal } from '../snapshots/fetch.js';

/**
 * Where callbacks may point. Production: https only, every resolved address public. The one
 * relaxation, for tests with a receiver on this machine, allows plain http to loopback addresses
 * (never private or link-local ones) and can only be switched on under NODE_ENV=test.
 */
export interface TargetPolicy {
  allowHttp: boolean;
  forbiddenAddress: (address: string) => boolean;
  /** Undefined in production: the static local-name check applies. */
  custom: boolean;
  lookup: Lookup;
}

const LOOKUP_TIMEOUT_MS = 3_000;

/** The system resolver with a deadline: a registration never waits long on DNS. */
export const boundedLookup: Lookup = (hostname) =>
  Promise.race([
    systemLookup(hostname),
    new Promise<string[]>((_, reject) =>
      setTimeout(
        () => reject(Object.assign(new Error('DNS lookup timed out'), { code: 'ETIMEOUT' })),
        LOOKUP_TIMEOUT_MS,
      ).unref(),
    ),
  ]);

export const PRODUCTION_POLICY: TargetPolicy = {
  allowHttp: false,
  forbiddenAddress: isForbiddenAddress,
  custom: false,
  lookup: boundedLookup,
};

const isLoopback = (address: string) => {
  const bare = address.replace(/^\[|\]$/g, '').replace(/^::ffff:/i, '');
  return bare === '::1' || (isIP(bare) === 4 && bare.startsWith('127.'));
};

export function loopbackTestPolicy(nodeEnv: string, lookup: Lookup = boundedLookup): TargetPolicy {
  if (nodeEnv !== 'test')
    throw new Error('the loopback webhook receiver allowance exists for tests only (NODE_ENV=test)');
  return { allowHttp: true, forbiddenAddress: (a) => isForbiddenAddress(a) && !isLoopback(a), custom: true, lookup };
}

/**
 * Why a callback address is refused, or undefined: the static rules, then every address the name
 * resolves to (a name that does not resolve is refused too). The same check runs again on every
 * delivery, inside the fetch layer, against the address actually connected to.
 */
export async function callbackRefusal(address: string, policy: TargetPolicy): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return 'callbackUrl is not a valid URL';
  }
  const opts = { allowHttp: policy.allowHttp, ...(policy.custom ? { forbiddenAddress: policy.forbiddenAddress } : {}) };
  const refusal = staticTargetRefusal(url, opts);
  if (refusal) return refusal;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return undefined;
  let addresses: string[];
  try {
    addresses = await policy.lookup(host);
  } catch (err) {
    return `${host} does not resolve (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`;
  }
  if (addresses.length === 0) return `${host} does not resolve`;
  const bad = addresses.find(policy.forbiddenAddress);
  return bad ? `${host} resolves to a loopback, private or link-local address (${bad})` : undefined;
}
