import { z } from 'zod';
import { listParam } from '../../../platform/query-params.js';
import { MAX_COMMODITY_SYMBOLS } from './instruments.js';

const dbl = (description: string) => z.number().meta({ format: 'double', description });

// ---- list-commodity-quotes -------------------------------------------------------------------

export const CommodityQuote = z
  .object({
    symbol: z.string().min(1).meta({ description: 'Yahoo symbol (GC=F, EURUSD=X, URA).' }),
    name: z.string().meta({ description: 'Instrument name.' }),
    display: z.string().meta({ description: 'Short board label (GOLD, OIL, EUR/USD).' }),
    price: dbl('Latest price in the instrument’s quote currency.'),
    change: dbl('Percent change against the previous session’s close, two decimals.'),
    sparkline: z.array(z.number().meta({ format: 'double' })).meta({ description: 'Daily closes of the last month, oldest first, 7 significant digits.' }),
  })
  .meta({ id: 'market_v1_CommodityQuote', description: 'Latest price of one commodity, commodity fund or currency pair.' });
export type CommodityQuote = z.infer<typeof CommodityQuote>;

export const ListCommodityQuotesRequest = z.object({
  symbols: listParam(
    `Board symbols, repeated or comma-separated; whitespace removed, upper-cased, de-duplicated, the first ${MAX_COMMODITY_SYMBOLS} served. ` +
      'A symbol off the board is a 400. Omitted: the whole board.',
  ),
});
export type ListCommodityQuotesRequest = z.infer<typeof ListCommodityQuotesRequest>;

export const ListCommodityQuotesResponse = z
  .object({ quotes: z.array(CommodityQuote).meta({ description: 'In board order (not request order); empty without a snapshot.' }) })
  .meta({ id: 'market_v1_ListCommodityQuotesResponse', description: 'Commodity and currency quotes.' });
export type ListCommodityQuotesResponse = z.infer<typeof ListCommodityQuotesResponse>;
