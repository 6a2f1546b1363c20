/**
 * The curated coin lists the crypto operations serve, keyed by CoinGecko id. They follow the
 * published service's panels (headline quotes, eight sectors of five tokens, the five largest
 * dollar stablecoins, three token panels of ten); the coin-markets dataset fetches their union.
 */

/** The default crypto board, with CoinPaprika's id for each (the fallback upstream). */
export const QUOTE_COINS: readonly { id: string; paprikaId: string }[] = [
  { id: 'bitcoin', paprikaId: 'btc-bitcoin' },
  { id: 'ethereum', paprikaId: 'eth-ethereum' },
  { id: 'binancecoin', paprikaId: 'bnb-binance-coin' },
  { id: 'solana', paprikaId: 'sol-solana' },
  { id: 'ripple', paprikaId: 'xrp-xrp' },
  { id: 'cardano', paprikaId: 'ada-cardano' },
  { id: 'dogecoin', paprikaId: 'doge-dogecoin' },
  { id: 'tron', paprikaId: 'trx-tron' },
  { id: 'avalanche-2', paprikaId: 'avax-avalanche' },
  { id: 'chainlink', paprikaId: 'link-chainlink' },
];

export const CRYPTO_SECTORS: readonly { id: string; name: string; coins: readonly string[] }[] = [
  { id: 'layer-1', name: 'Layer 1', coins: ['bitcoin', 'ethereum', 'solana', 'cardano', 'avalanche-2'] },
  { id: 'defi', name: 'DeFi', coins: ['aave', 'uniswap', 'maker', 'lido-dao', 'curve-dao-token'] },
  { id: 'layer-2', name: 'Layer 2', coins: ['arbitrum', 'optimism', 'polygon-ecosystem-token', 'mantle', 'starknet'] },
  { id: 'ai', name: 'AI', coins: ['bittensor', 'render-token', 'fetch-ai', 'akash-network', 'virtual-protocol'] },
  { id: 'memes', name: 'Memes', coins: ['dogecoin', 'shiba-inu', 'pepe', 'bonk', 'dogwifcoin'] },
  { id: 'gaming', name: 'Gaming', coins: ['immutable-x', 'the-sandbox', 'axie-infinity', 'gala', 'decentraland'] },
  { id: 'privacy', name: 'Privacy', coins: ['monero', 'zcash', 'dash', 'secret', 'oasis-network'] },
  { id: 'infra', name: 'Infrastructure', coins: ['chainlink', 'the-graph', 'filecoin', 'arweave', 'pyth-network'] },
];

export const STABLECOINS: readonly string[] = ['tether', 'usd-coin', 'dai', 'first-digital-usd', 'ethena-usde'];

export const TOKEN_PANELS = {
  defi: [
    'aave',
    'uniswap',
    'jupiter-exchange-solana',
    'pendle',
    'maker',
    'lido-dao',
    'hyperliquid',
    'raydium',
    'aerodrome-finance',
    'curve-dao-token',
  ],
  ai: [
    'bittensor',
    'render-token',
    'fetch-ai',
    'akash-network',
    'ocean-protocol',
    'singularitynet',
    'grass',
    'virtual-protocol',
    'ai16z',
    'griffain',
  ],
  other: [
    'aptos',
    'sui',
    'sei-network',
    'injective-protocol',
    'celestia',
    'pyth-network',
    'jito-governance-token',
    'movement',
    'wormhole',
    'ondo-finance',
  ],
} as const satisfies Record<string, readonly string[]>;

export type TokenPanel = keyof typeof TOKEN_PANELS;

/** Further large coins and stablecoins held in the snapshot so named lookups beyond the panels resolve. */
export const EXTRA_COINS: readonly string[] = ['litecoin', 'polkadot', 'stellar', 'bitcoin-cash', 'paypal-usd', 'usds'];

/** Every id the coin-markets dataset asks CoinGecko for, each once, in a stable order. */
export const ALL_COIN_IDS: readonly string[] = [
  ...new Set([
    ...QUOTE_COINS.map((c) => c.id),
    ...CRYPTO_SECTORS.flatMap((s) => s.coins),
    ...STABLECOINS,
    ...Object.values(TOKEN_PANELS).flat(),
    ...EXTRA_COINS,
  ]),
];
