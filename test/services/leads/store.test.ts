import { beforeAll, describe, expect, it } from 'vitest';
import { LEAD_STORE, type LeadStore, type NewContact, type NewInterest } from '../../../src/services/leads/store.js';
import { storeEngines } from '../../support/engines/store-engines.js';

// One specification of the lead tables for both engines, then what several nodes add: the
// per-address cap and the one-row-per-address waitlist hold when two nodes write at once.

const NOW = Date.UTC(2026, 10, 20, 12);
const HOUR = 3_600_000;
const cap = (max: number) => ({ since: NOW - HOUR, max });
const contact = (email: string): NewContact => ({
  email,
  name: 'Ana',
  organization: 'Harbour',
  phone: '+351 21 555 0142',
  message: 'hello',
  source: 'test',
});
const interest = (email: string, code: string, referredBy = ''): NewInterest => ({
  email,
  source: 'landing',
  app_version: '1.0',
  referred_by: referredBy,
  referral_code: code,
});

const engines = storeEngines('leads', LEAD_STORE);

describe.each(engines)('lead store on $name', (engine) => {
  let store: LeadStore;
  let node: () => Promise<LeadStore>;
  beforeAll(async () => {
    node = await engine.storage();
    store = await node();
  });

  it('stores contact requests up to the address cap within the window, oldest first', async () => {
    for (const n of [1, 2, 3])
      expect(await store.addContact(contact(`c${n}@harbour.example`), '10.0.0.1', NOW - n, cap(3))).toBe(true);
    expect(await store.addContact(contact('c4@harbour.example'), '10.0.0.1', NOW, cap(3))).toBe(false);
    // Another address has its own cap; rows older than the window no longer count.
    expect(await store.addContact(contact('c5@harbour.example'), '10.0.0.2', NOW, cap(3))).toBe(true);
    expect(await store.addContact(contact('c6@harbour.example'), '10.0.0.1', NOW + HOUR, { since: NOW, max: 3 })).toBe(
      true,
    );
    const rows = await store.contacts();
    expect(rows.map((r) => r.email)).toEqual([
      'c1@harbour.example',
      'c2@harbour.example',
      'c3@harbour.example',
      'c5@harbour.example',
      'c6@harbour.example',
    ]);
    expect(rows[0]).toEqual({ id: expect.any(Number), ...contact('c1@harbour.example'), created_at: NOW - 1 });
    expect(JSON.stringify(rows)).not.toContain('10.0.0.1');
  });

  it('puts an address on the waitlist once, with its place and its referrals', async () => {
    const lee = await store.registerInterest(interest('lee@example.org', 'leecode1'), '10.1.0.1', NOW, cap(5));
    expect(lee).toEqual({
      created: true,
      row: { id: expect.any(Number), ...interest('lee@example.org', 'leecode1'), created_at: NOW },
    });
    const again = await store.registerInterest(
      interest('lee@example.org', 'leecode1', 'other'),
      '10.1.0.9',
      NOW + 5,
      cap(5),
    );
    expect(again).toEqual({ created: false, row: lee!.row });
    const kim = await store.registerInterest(
      interest('kim@example.net', 'kimcode1', 'leecode1'),
      '10.1.0.1',
      NOW + 1,
      cap(5),
    );
    expect(kim!.created).toBe(true);
    expect(await store.position(lee!.row.id)).toBe(1);
    expect(await store.position(kim!.row.id)).toBe(2);
    expect(await store.referralCount('leecode1')).toBe(1);
    expect(await store.referralCount('kimcode1')).toBe(0);
    expect((await store.interestList()).map((r) => r.email)).toEqual(['lee@example.org', 'kim@example.net']);
  });

  it('refuses a new waitlist row past the address cap', async () => {
    for (const n of [1, 2])
      expect(
        await store.registerInterest(interest(`w${n}@example.org`, `wcode${n}`), '10.2.0.1', NOW, cap(2)),
      ).toBeDefined();
    expect(await store.registerInterest(interest('w3@example.org', 'wcode3'), '10.2.0.1', NOW, cap(2))).toBeUndefined();
    expect((await store.interestList()).some((r) => r.email === 'w3@example.org')).toBe(false);
  });

  it('counts every attempt against the address cap, one for an address already listed too', async () => {
    expect(await store.registerInterest(interest('known@example.org', 'knowncd1'), '10.5.0.1', NOW, cap(3))).toEqual(
      expect.objectContaining({ created: true }),
    );
    for (const n of [1, 2])
      expect(
        await store.registerInterest(interest('known@example.org', 'knowncd1'), '10.5.0.1', NOW + n, cap(3)),
      ).toEqual(expect.objectContaining({ created: false }));
    expect(
      await store.registerInterest(interest('known@example.org', 'knowncd1'), '10.5.0.1', NOW + 3, cap(3)),
    ).toBeUndefined();
    expect(await store.registerInterest(interest('new@example.org', 'newcode1'), '10.5.0.1', NOW + 4, cap(3))).toBe(
      undefined,
    );
    // Another address is not held back by this one's attempts.
    expect(await store.registerInterest(interest('known@example.org', 'knowncd1'), '10.5.0.2', NOW, cap(3))).toEqual(
      expect.objectContaining({ created: false }),
    );
  });

  it('holds the cap and the one row per address when two nodes write at once', async () => {
    const other = await node();
    const stored = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? store : other).addContact(contact(`race${i}@harbour.example`), '10.3.0.1', NOW, cap(5)),
      ),
    );
    expect(stored.filter(Boolean)).toHaveLength(5);
    // Several rounds: the collision of two inserts of one address is a narrow window.
    for (let round = 0; round < 60; round++) {
      const joined = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          (i % 2 ? store : other).registerInterest(
            interest(`same${round}@example.org`, `same${round}`),
            `10.4.${round}.${i}`,
            NOW,
            cap(5),
          ),
        ),
      );
      expect(joined.filter((j) => j?.created)).toHaveLength(1);
      expect(new Set(joined.map((j) => j!.row.id)).size).toBe(1);
    }
  });
});
