import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { countryByCode } from '../../../../reference/countries.js';
import { IRFCL_GOLD_URL, parseIrfclGold } from '../../../../sources/imf/irfcl.js';
import { centralBankGold, type CbReserves } from '../rules.js';

export const CB_GOLD_RESERVES = 'market.cb-gold-reserves';

/** One row: the ranking of central-bank gold as of the latest month most countries reported. */
export function buildCbReserves(bytes: Buffer): { records: CbReserves[] } {
  const countries = parseIrfclGold(bytes).map((c) => ({ ...c, name: countryByCode(c.iso3)?.name ?? c.name }));
  const result = centralBankGold(countries);
  if (!result) throw new Error('IMF IRFCL answer has no month with gold holdings');
  return { records: [result] };
}

export const cbGoldReservesDataset: Dataset<CbReserves> = {
  name: CB_GOLD_RESERVES,
  source: 'IMF International Reserves and Foreign Currency Liquidity (IRFCL), gold',
  kind: 'live',
  maxStaleMinutes: 45 * 24 * 60,
  sources: {
    irfcl: {
      url: IRFCL_GOLD_URL,
      sample: 'market/imf-irfcl-gold.json',
      headers: () => ({ accept: 'application/json' }),
    },
  },
  parse: (payloads) => buildCbReserves(payloads.irfcl!),
};
