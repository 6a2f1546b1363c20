/** Validation rules for contact and waitlist submissions. Pure functions. */
import { createHmac } from 'node:crypto';

export const EMAIL_PATTERN =
  /^[^\s@<>()[\]\\,;:"]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
export const PHONE_PATTERN = /^[+(]?\d[\d\s()./-]{4,23}\d$/;
export const MAX_EMAIL = 320;
/** Free-text fields are cut to this length before they are stored. */
export const MAX_FIELD = 500;

/** Personal mailbox providers: enterprise contact requests must come from a work address. */
export const FREE_MAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.uk',
  'yahoo.fr',
  'hotmail.com',
  'hotmail.co.uk',
  'hotmail.fr',
  'outlook.com',
  'live.com',
  'msn.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  'mail.com',
  'mail.ru',
  'yandex.ru',
  'yandex.com',
  'qq.com',
  '163.com',
  '126.com',
  'sina.com',
  'zoho.com',
  'tutanota.com',
  'fastmail.com',
  'hey.com',
  'inbox.com',
  'rediffmail.com',
  'libero.it',
  'orange.fr',
  'free.fr',
  't-online.de',
  'seznam.cz',
  'wp.pl',
  'o2.pl',
  'naver.com',
]);

/** Throwaway mailbox services, refused on the waitlist. */
export const DISPOSABLE_DOMAINS = new Set([
  'mailinator.com',
  'guerrillamail.com',
  'guerrillamail.net',
  '10minutemail.com',
  'tempmail.com',
  'temp-mail.org',
  'throwawaymail.com',
  'yopmail.com',
  'trashmail.com',
  'getnada.com',
  'sharklasers.com',
  'dispostable.com',
  'maildrop.cc',
  'fakeinbox.com',
  'mintemail.com',
  'mohmal.com',
  'emailondeck.com',
  'spamgourmet.com',
  'mailnesia.com',
  'tempail.com',
]);

/** Top-level domains and domain labels that are almost always typing mistakes. */
const TYPO_TLDS = new Set(['con', 'coma', 'comhade', 'cmo', 'ocm']);
const TYPO_LABELS = new Set(['gmai', 'gmial', 'gnail', 'hotmial', 'yaho']);

export function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Why an address cannot join the waitlist, or null when it can. */
export function waitlistEmailProblem(email: string): string | null {
  if (email.length > MAX_EMAIL) return `must be at most ${MAX_EMAIL} characters`;
  if (!EMAIL_PATTERN.test(email)) return 'must be a valid e-mail address';
  const domain = domainOf(email);
  if (DISPOSABLE_DOMAINS.has(domain)) return 'disposable e-mail addresses are not accepted';
  const labels = domain.split('.');
  if (TYPO_TLDS.has(labels[labels.length - 1]!) || labels.some((l) => TYPO_LABELS.has(l)))
    return 'the domain looks mistyped';
  return null;
}

export function truncate(s: string | undefined, max = MAX_FIELD): string {
  return (s ?? '').trim().slice(0, max);
}

/**
 * A stable 8-character referral code per address: base 36 of an HMAC of the address under `key` (a
 * server secret), so nobody without the secret can compute an address's code and look for it.
 */
export function referralCodeOf(email: string, key: Buffer): string {
  const n = BigInt(`0x${createHmac('sha256', key).update(normaliseEmail(email)).digest('hex').slice(0, 16)}`);
  return n.toString(36).padStart(8, '0').slice(-8);
}

/** The referral key, derived from the platform secret so it is never the session key itself. */
export function referralKeyOf(platformSecret: Buffer): Buffer {
  return createHmac('sha256', platformSecret).update('referral-code').digest();
}
