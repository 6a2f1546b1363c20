import { ServiceError, type Violation } from '../../platform/errors.js';
import type { RequestContext } from '../../trpc/context.js';
import { idempotent } from '../../trpc/idempotent.js';
import { PLATFORM_SECRETS } from '../../platform/auth/platform-secrets.js';
import { resolveSessionSecret } from '../../platform/auth/session.js';
import {
  FREE_MAIL_DOMAINS,
  EMAIL_PATTERN,
  PHONE_PATTERN,
  domainOf,
  normaliseEmail,
  referralCodeOf,
  referralKeyOf,
  truncate,
  waitlistEmailProblem,
} from './rules.js';
import type {
  RegisterInterestRequest,
  RegisterInterestResponse,
  SubmitContactRequest,
  SubmitContactResponse,
} from './schemas.js';
import { LEAD_STORE, type AddressCap } from './store.js';

const HOUR_MS = 3_600_000;
/** Submissions accepted per client address and hour (the published per-address limits). */
export const CONTACTS_PER_HOUR = 3;
export const INTEREST_PER_HOUR = 5;

/** The caller's address and its hourly cap, counted by the store in the same step as the write. */
function capOf(ctx: RequestContext, perHour: number): { address: string; cap: AddressCap } {
  return { address: ctx.remoteAddress ?? 'unknown', cap: { since: ctx.deps.clock.now() - HOUR_MS, max: perHour } };
}

function tooMany(perHour: number): ServiceError {
  return ServiceError.gateway(429, `Too many submissions from this address: at most ${perHour} per hour`, {
    'Retry-After': '3600',
  });
}

/** Stores an enterprise contact request after validation; a filled honeypot is answered as sent and dropped. */
export async function submitContact(ctx: RequestContext, input: SubmitContactRequest): Promise<SubmitContactResponse> {
  if (input.website?.trim()) return { status: 'sent', emailSent: false };
  return idempotent(ctx, input, async () => {
    const email = normaliseEmail(input.email);
    const violations: Violation[] = [];
    if (!EMAIL_PATTERN.test(email)) violations.push({ field: 'email', description: 'must be a valid e-mail address' });
    if (!input.name.trim()) violations.push({ field: 'name', description: 'is required' });
    if (!input.organization.trim()) violations.push({ field: 'organization', description: 'is required' });
    if (!PHONE_PATTERN.test(input.phone.trim()))
      violations.push({ field: 'phone', description: 'must be a phone number (digits, spaces, + ( ) . / -)' });
    if (!input.turnstileToken.trim()) violations.push({ field: 'turnstileToken', description: 'is required' });
    if (violations.length) throw ServiceError.validation(violations);
    if (FREE_MAIL_DOMAINS.has(domainOf(email))) throw ServiceError.gateway(422, 'Please use your work email address');
    const { address, cap } = capOf(ctx, CONTACTS_PER_HOUR);
    const stored = await ctx.deps.stores.get(LEAD_STORE).addContact(
      {
        email,
        name: truncate(input.name),
        organization: truncate(input.organization),
        phone: truncate(input.phone),
        message: truncate(input.message, 2000),
        source: truncate(input.source, 100) || 'enterprise-contact',
      },
      address,
      ctx.deps.clock.now(),
      cap,
    );
    if (!stored) throw tooMany(CONTACTS_PER_HOUR);
    return { status: 'sent', emailSent: false };
  });
}

/** The referral key per app: derived once from the platform's secret (a failed read is tried again). */
const REFERRAL_KEYS = new WeakMap<object, Promise<Buffer>>();

function referralKey(ctx: RequestContext): Promise<Buffer> {
  const { deps } = ctx;
  let key = REFERRAL_KEYS.get(deps);
  if (!key) {
    key = resolveSessionSecret(deps.stores.get(PLATFORM_SECRETS), deps.config.SESSION_SECRET, deps.clock.now()).then(
      referralKeyOf,
      (err: unknown) => {
        REFERRAL_KEYS.delete(deps);
        throw err;
      },
    );
    REFERRAL_KEYS.set(deps, key);
  }
  return key;
}

/**
 * Adds an address to the waitlist (once). The answer is the same whether the address was new or
 * listed already (its code, nothing about the list), so nobody can learn who is on it by asking.
 */
export async function registerInterest(
  ctx: RequestContext,
  input: RegisterInterestRequest,
): Promise<RegisterInterestResponse> {
  if (input.website?.trim())
    return { status: 'registered', referralCode: '', referralCount: 0, position: 0, emailSuppressed: true };
  return idempotent(ctx, input, async () => {
    const email = normaliseEmail(input.email);
    const violations: Violation[] = [];
    const problem = waitlistEmailProblem(email);
    if (problem) violations.push({ field: 'email', description: problem });
    if (!input.turnstileToken.trim()) violations.push({ field: 'turnstileToken', description: 'is required' });
    if (input.referredBy && !/^[a-z0-9]{1,20}$/.test(input.referredBy.trim()))
      violations.push({ field: 'referredBy', description: 'must be a referral code' });
    if (violations.length) throw ServiceError.validation(violations);
    const code = referralCodeOf(email, await referralKey(ctx));
    const referredBy = truncate(input.referredBy, 20);
    const { address, cap } = capOf(ctx, INTEREST_PER_HOUR);
    // Every attempt counts against the cap, for an address already listed too.
    const entry = await ctx.deps.stores.get(LEAD_STORE).registerInterest(
      {
        email,
        source: truncate(input.source, 100),
        app_version: truncate(input.appVersion, 100),
        referred_by: referredBy === code ? '' : referredBy,
        referral_code: code,
      },
      address,
      ctx.deps.clock.now(),
      cap,
    );
    if (!entry) throw tooMany(INTEREST_PER_HOUR);
    // The code derived now, not the row's: a row made before codes were keyed keeps its old code, which
    // anyone could compute from the address, so answering it would tell that the address is listed.
    // Place and referral count would tell it too, so they are not disclosed (always 0).
    return { status: 'registered', referralCode: code, referralCount: 0, position: 0, emailSuppressed: true };
  });
}
