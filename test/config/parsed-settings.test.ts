import { describe, expect, it } from 'vitest';
import { loadConfig, testConfig } from '../../src/config.js';
import { redactSecrets } from '../../src/platform/secrets.js';

const OPERATOR_A = 'operator-key-aaaaaaaaaaaa';
const OPERATOR_B = 'operator-key-bbbbbbbbbbbb';

/** List settings are parsed once, by the configuration schema, into the values their readers use. */
describe('parsed settings', () => {
  it('turns CORS_ALLOWED_ORIGINS, OPERATOR_KEYS and RATE_POLICY_OVERRIDES into values at start-up', () => {
    const config = loadConfig({
      CORS_ALLOWED_ORIGINS: 'https://app.example.com, https://*.example.org:8443/',
      OPERATOR_KEYS: ` ${OPERATOR_A},,${OPERATOR_B} `,
      RATE_POLICY_OVERRIDES: 'batch=5,list-market-quotes=70',
    });
    expect(config.CORS_ALLOWED_ORIGINS).toEqual([
      { scheme: 'https', host: 'app.example.com', port: '', subdomains: false },
      { scheme: 'https', host: 'example.org', port: ':8443', subdomains: true },
    ]);
    expect(config.OPERATOR_KEYS).toEqual([OPERATOR_A, OPERATOR_B]);
    expect(config.RATE_POLICY_OVERRIDES).toEqual({ batch: 5, 'list-market-quotes': 70 });
  });

  it('reads unset and empty as empty', () => {
    for (const env of [{}, { CORS_ALLOWED_ORIGINS: '', OPERATOR_KEYS: '', RATE_POLICY_OVERRIDES: '' }]) {
      const config = loadConfig(env);
      expect(config.CORS_ALLOWED_ORIGINS).toEqual([]);
      expect(config.OPERATOR_KEYS).toEqual([]);
      expect(config.RATE_POLICY_OVERRIDES).toEqual({});
    }
  });

  it.each([
    ['CORS_ALLOWED_ORIGINS', 'app.example.com', /CORS_ALLOWED_ORIGINS: "app.example.com" is not an origin/],
    ['OPERATOR_KEYS', 'short', /OPERATOR_KEYS: OPERATOR_KEYS entry 1 must be/],
    [
      'RATE_POLICY_OVERRIDES',
      'no-such-policy=5',
      /RATE_POLICY_OVERRIDES: RATE_POLICY_OVERRIDES: bad entry "no-such-policy=5"/,
    ],
  ])('stops start-up on a bad %s, naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('takes a parsed setting in its environment form in a test config, parsed the same way', () => {
    expect(testConfig({ CORS_ALLOWED_ORIGINS: 'https://a.example' }).CORS_ALLOWED_ORIGINS).toEqual([
      { scheme: 'https', host: 'a.example', port: '', subdomains: false },
    ]);
    expect(() => testConfig({ OPERATOR_KEYS: 'short' })).toThrow(/entry 1/);
  });

  it('still redacts every operator key by value once the list is parsed', () => {
    const config = loadConfig({ OPERATOR_KEYS: `${OPERATOR_A},${OPERATOR_B}` });
    expect(redactSecrets(`saw ${OPERATOR_B} and ${OPERATOR_A}`, config)).toBe('saw [redacted] and [redacted]');
  });
});
