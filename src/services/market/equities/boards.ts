/**
 * The index boards served from one Yahoo spark snapshot: the national stock index of each supported
 * country, the Gulf markets board and the US sector funds. Names and symbols as the published
 * service maps them.
 */

export const COUNTRY_INDEXES: Readonly<Record<string, { symbol: string; name: string }>> = {
  US: { symbol: '^GSPC', name: 'S&P 500' },
  GB: { symbol: '^FTSE', name: 'FTSE 100' },
  DE: { symbol: '^GDAXI', name: 'DAX' },
  FR: { symbol: '^FCHI', name: 'CAC 40' },
  JP: { symbol: '^N225', name: 'Nikkei 225' },
  CN: { symbol: '000001.SS', name: 'SSE Composite' },
  HK: { symbol: '^HSI', name: 'Hang Seng' },
  IN: { symbol: '^BSESN', name: 'BSE Sensex' },
  KR: { symbol: '^KS11', name: 'KOSPI' },
  TW: { symbol: '^TWII', name: 'TAIEX' },
  AU: { symbol: '^AXJO', name: 'S&P/ASX 200' },
  BR: { symbol: '^BVSP', name: 'Ibovespa' },
  CA: { symbol: '^GSPTSE', name: 'S&P/TSX Composite' },
  MX: { symbol: '^MXX', name: 'IPC Mexico' },
  AR: { symbol: '^MERV', name: 'MERVAL' },
  RU: { symbol: 'IMOEX.ME', name: 'MOEX Russia' },
  ZA: { symbol: '^J203.JO', name: 'FTSE/JSE All Share' },
  SA: { symbol: '^TASI.SR', name: 'Tadawul All Share' },
  AE: { symbol: 'DFMGI.AE', name: 'DFM General' },
  IL: { symbol: '^TA125.TA', name: 'TA-125' },
  TR: { symbol: 'XU100.IS', name: 'BIST 100' },
  PL: { symbol: 'WIG20.WA', name: 'WIG20' },
  NL: { symbol: '^AEX', name: 'AEX' },
  CH: { symbol: '^SSMI', name: 'SMI' },
  ES: { symbol: '^IBEX', name: 'IBEX 35' },
  IT: { symbol: 'FTSEMIB.MI', name: 'FTSE MIB' },
  SE: { symbol: '^OMX', name: 'OMX Stockholm 30' },
  NO: { symbol: 'OSEBX.OL', name: 'Oslo Børs Benchmark' },
  SG: { symbol: '^STI', name: 'Straits Times' },
  TH: { symbol: '^SET.BK', name: 'SET' },
  MY: { symbol: '^KLSE', name: 'FTSE Bursa Malaysia KLCI' },
  ID: { symbol: '^JKSE', name: 'Jakarta Composite' },
  PH: { symbol: 'PSEI.PS', name: 'PSEi' },
  NZ: { symbol: '^NZ50', name: 'S&P/NZX 50' },
  EG: { symbol: '^CASE30', name: 'EGX 30' },
  CL: { symbol: '^IPSA', name: 'S&P IPSA' },
  PE: { symbol: '^SPBLPGPT', name: 'S&P/BVL Peru General' },
  AT: { symbol: '^ATX', name: 'ATX' },
  BE: { symbol: '^BFX', name: 'BEL 20' },
  FI: { symbol: '^OMXH25', name: 'OMX Helsinki 25' },
  DK: { symbol: '^OMXC25', name: 'OMX Copenhagen 25' },
  IE: { symbol: '^ISEQ', name: 'ISEQ Overall' },
  PT: { symbol: 'PSI20.LS', name: 'PSI' },
  CZ: { symbol: '^PX', name: 'PX' },
  HU: { symbol: '^BUX', name: 'BUX' },
};

export const COUNTRY_CODES = Object.keys(COUNTRY_INDEXES) as [string, ...string[]];

export type GulfType = 'index' | 'currency' | 'oil';

export const GULF_QUOTES: readonly { symbol: string; name: string; country: string; flag: string; type: GulfType }[] = [
  { symbol: '^TASI.SR', name: 'Tadawul All Share', country: 'Saudi Arabia', flag: '🇸🇦', type: 'index' },
  { symbol: 'DFMGI.AE', name: 'DFM General', country: 'UAE', flag: '🇦🇪', type: 'index' },
  { symbol: 'UAE', name: 'iShares MSCI UAE ETF', country: 'UAE', flag: '🇦🇪', type: 'index' },
  { symbol: 'QAT', name: 'iShares MSCI Qatar ETF', country: 'Qatar', flag: '🇶🇦', type: 'index' },
  { symbol: 'GULF', name: 'WisdomTree Middle East Dividend', country: 'GCC', flag: '🌍', type: 'index' },
  { symbol: '^MSM', name: 'MSX 30', country: 'Oman', flag: '🇴🇲', type: 'index' },
  { symbol: 'SARUSD=X', name: 'Saudi Riyal', country: 'Saudi Arabia', flag: '🇸🇦', type: 'currency' },
  { symbol: 'AEDUSD=X', name: 'UAE Dirham', country: 'UAE', flag: '🇦🇪', type: 'currency' },
  { symbol: 'QARUSD=X', name: 'Qatari Riyal', country: 'Qatar', flag: '🇶🇦', type: 'currency' },
  { symbol: 'KWDUSD=X', name: 'Kuwaiti Dinar', country: 'Kuwait', flag: '🇰🇼', type: 'currency' },
  { symbol: 'BHDUSD=X', name: 'Bahraini Dinar', country: 'Bahrain', flag: '🇧🇭', type: 'currency' },
  { symbol: 'OMRUSD=X', name: 'Omani Rial', country: 'Oman', flag: '🇴🇲', type: 'currency' },
  { symbol: 'CL=F', name: 'WTI Crude', country: 'Global', flag: '🛢️', type: 'oil' },
  { symbol: 'BZ=F', name: 'Brent Crude', country: 'Global', flag: '🛢️', type: 'oil' },
];

export const SECTOR_ETFS: readonly { symbol: string; name: string }[] = [
  { symbol: 'XLK', name: 'Technology' },
  { symbol: 'XLF', name: 'Financials' },
  { symbol: 'XLE', name: 'Energy' },
  { symbol: 'XLV', name: 'Health Care' },
  { symbol: 'XLY', name: 'Consumer Discretionary' },
  { symbol: 'XLI', name: 'Industrials' },
  { symbol: 'XLP', name: 'Consumer Staples' },
  { symbol: 'XLU', name: 'Utilities' },
  { symbol: 'XLB', name: 'Materials' },
  { symbol: 'XLRE', name: 'Real Estate' },
  { symbol: 'XLC', name: 'Communication Services' },
  { symbol: 'SMH', name: 'Semiconductors' },
];

/** Every symbol of the boards snapshot, each once. */
export const BOARD_SYMBOLS: readonly string[] = [
  ...new Set([
    ...Object.values(COUNTRY_INDEXES).map((c) => c.symbol),
    ...GULF_QUOTES.map((g) => g.symbol),
    ...SECTOR_ETFS.map((s) => s.symbol),
  ]),
];
