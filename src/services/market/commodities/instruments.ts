/**
 * The commodity board: futures, commodity ETFs, the VIX and major currency pairs the published
 * service supports, with the names and short labels it shows. Gold's drivers ride along in the
 * same snapshot (they are not on the board).
 */
export const COMMODITIES: readonly { symbol: string; name: string; display: string }[] = [
  { symbol: '^VIX', name: 'CBOE Volatility Index', display: 'VIX' },
  { symbol: 'GC=F', name: 'Gold', display: 'GOLD' },
  { symbol: 'SI=F', name: 'Silver', display: 'SILVER' },
  { symbol: 'HG=F', name: 'Copper', display: 'COPPER' },
  { symbol: 'PL=F', name: 'Platinum', display: 'PLATINUM' },
  { symbol: 'PA=F', name: 'Palladium', display: 'PALLADIUM' },
  { symbol: 'ALI=F', name: 'Aluminum', display: 'ALUMINUM' },
  { symbol: 'CL=F', name: 'Crude Oil WTI', display: 'OIL' },
  { symbol: 'BZ=F', name: 'Brent Crude', display: 'BRENT' },
  { symbol: 'NG=F', name: 'Natural Gas', display: 'NATGAS' },
  { symbol: 'TTF=F', name: 'Dutch TTF Gas', display: 'TTF' },
  { symbol: 'RB=F', name: 'RBOB Gasoline', display: 'GASOLINE' },
  { symbol: 'HO=F', name: 'Heating Oil', display: 'HEATOIL' },
  { symbol: 'URA', name: 'Global X Uranium ETF', display: 'URANIUM' },
  { symbol: 'LIT', name: 'Global X Lithium & Battery Tech ETF', display: 'LITHIUM' },
  { symbol: 'MTF=F', name: 'Coal (Rotterdam)', display: 'COAL' },
  { symbol: 'ZW=F', name: 'Wheat', display: 'WHEAT' },
  { symbol: 'ZC=F', name: 'Corn', display: 'CORN' },
  { symbol: 'ZS=F', name: 'Soybeans', display: 'SOY' },
  { symbol: 'ZR=F', name: 'Rough Rice', display: 'RICE' },
  { symbol: 'KC=F', name: 'Coffee', display: 'COFFEE' },
  { symbol: 'SB=F', name: 'Sugar', display: 'SUGAR' },
  { symbol: 'CC=F', name: 'Cocoa', display: 'COCOA' },
  { symbol: 'CT=F', name: 'Cotton', display: 'COTTON' },
  { symbol: 'EURUSD=X', name: 'Euro / US Dollar', display: 'EUR/USD' },
  { symbol: 'GBPUSD=X', name: 'British Pound / US Dollar', display: 'GBP/USD' },
  { symbol: 'USDJPY=X', name: 'US Dollar / Japanese Yen', display: 'USD/JPY' },
  { symbol: 'USDCNY=X', name: 'US Dollar / Chinese Yuan', display: 'USD/CNY' },
  { symbol: 'USDINR=X', name: 'US Dollar / Indian Rupee', display: 'USD/INR' },
  { symbol: 'AUDUSD=X', name: 'Australian Dollar / US Dollar', display: 'AUD/USD' },
  { symbol: 'USDCHF=X', name: 'US Dollar / Swiss Franc', display: 'USD/CHF' },
  { symbol: 'USDCAD=X', name: 'US Dollar / Canadian Dollar', display: 'USD/CAD' },
  { symbol: 'USDTRY=X', name: 'US Dollar / Turkish Lira', display: 'USD/TRY' },
];

/** Series gold is read against (gold intelligence drivers). */
export const GOLD_DRIVERS: readonly { symbol: string; label: string }[] = [
  { symbol: '^TNX', label: 'US 10Y Yield' },
  { symbol: 'DX-Y.NYB', label: 'DXY' },
];

/** Most distinct symbols one commodity request serves. */
export const MAX_COMMODITY_SYMBOLS = 64;

/** Every symbol of the commodities snapshot, in board order, drivers last. */
export const COMMODITY_SNAPSHOT_SYMBOLS: readonly string[] = [
  ...COMMODITIES.map((c) => c.symbol),
  ...GOLD_DRIVERS.map((d) => d.symbol),
];
