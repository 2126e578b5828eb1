/**
 * Networks, their assets, sandbox networks and required confirmations
 * (BRIEF.md, "Assets and networks"). Tests compare it with the `network` and
 * `asset` enums of api/openapi.yaml.
 */
import {code, type DataTable} from './table';
export type Asset = 'BTC' | 'ETH' | 'SOL' | 'USDC' | 'USDT';

export interface Network {
  network: 'bitcoin' | 'ethereum' | 'base' | 'polygon' | 'solana' | 'tron';
  assets: readonly Asset[];
  sandboxNetwork: string;
  /** The number of confirmations before `payment.succeeded`. */
  requiredConfirmations: number;
  /**
   * How the requirement reads when a count alone says too little: Solana reports a count up to 31,
   * then `finalized`; `confirmations` reads 32 once the transaction is finalized (its slot rooted).
   */
  confirmationsNote?: string;
  typicalTime: string;
  /**
   * A transaction's page on the public block explorer, live and sandbox; `{hash}` stands for the hash.
   * No sandbox explorer where every sandbox payment is in a simulated token (USDT on `tron`).
   */
  explorer: {live: string; sandbox: string | null};
}

export const networks: readonly Network[] = [
  {
    network: 'bitcoin',
    assets: ['BTC'],
    sandboxNetwork: 'testnet4',
    requiredConfirmations: 3,
    typicalTime: '~30 min',
    explorer: {live: 'https://mempool.space/tx/{hash}', sandbox: 'https://mempool.space/testnet4/tx/{hash}'},
  },
  {
    network: 'ethereum',
    assets: ['ETH', 'USDC', 'USDT'],
    sandboxNetwork: 'sepolia',
    requiredConfirmations: 12,
    typicalTime: '~3 min',
    explorer: {live: 'https://etherscan.io/tx/{hash}', sandbox: 'https://sepolia.etherscan.io/tx/{hash}'},
  },
  {
    network: 'base',
    assets: ['ETH', 'USDC'],
    sandboxNetwork: 'base-sepolia',
    requiredConfirmations: 30,
    typicalTime: '~1 min',
    explorer: {live: 'https://basescan.org/tx/{hash}', sandbox: 'https://sepolia.basescan.org/tx/{hash}'},
  },
  {
    network: 'polygon',
    assets: ['USDC', 'USDT'],
    sandboxNetwork: 'amoy',
    requiredConfirmations: 64,
    typicalTime: '~2 min',
    explorer: {live: 'https://polygonscan.com/tx/{hash}', sandbox: 'https://amoy.polygonscan.com/tx/{hash}'},
  },
  {
    network: 'solana',
    assets: ['SOL', 'USDC'],
    sandboxNetwork: 'devnet',
    requiredConfirmations: 32,
    confirmationsNote: 'finalized (slot rooted), shown as 32',
    typicalTime: '~15 s',
    explorer: {
      live: 'https://explorer.solana.com/tx/{hash}',
      sandbox: 'https://explorer.solana.com/tx/{hash}?cluster=devnet',
    },
  },
  {
    network: 'tron',
    assets: ['USDT'],
    sandboxNetwork: 'nile',
    requiredConfirmations: 20,
    typicalTime: '~1 min',
    explorer: {
      live: 'https://tronscan.org/#/transaction/{hash}',
      sandbox: null,
    },
  },
];

export const networkTable: DataTable<Network> = {
  rows: networks,
  key: (row) => row.network,
  columns: [
    {header: 'Network', cell: (row) => code(row.network)},
    {header: 'Assets', cell: (row) => row.assets.join(', ')},
    {header: 'Sandbox network', cell: (row) => code(row.sandboxNetwork)},
    {header: 'Confirmations', cell: (row) => row.confirmationsNote ?? String(row.requiredConfirmations)},
    {header: 'Typical time', cell: (row) => row.typicalTime},
  ],
};

/** Who publishes a token's contract addresses: the page cites them. */
export const tokenIssuers = {
  USDC: {issuer: 'Circle', list: 'https://developers.circle.com/stablecoins/usdc-contract-addresses'},
  USDT: {issuer: 'Tether', list: 'https://tether.to/en/supported-protocols/'},
} as const;

export interface TokenContract {
  asset: keyof typeof tokenIssuers;
  network: Network['network'];
  /** The contract (or Solana mint) address in live mode. */
  live: string;
  /** The address on the sandbox network, or null where the issuer publishes none and the sandbox simulates the token. */
  sandbox: string | null;
}

// From the issuers' own lists (tokenIssuers): always show asset, network and contract together.
export const tokenContracts: readonly TokenContract[] = [
  {
    asset: 'USDC',
    network: 'ethereum',
    live: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    sandbox: '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238',
  },
  {
    asset: 'USDC',
    network: 'base',
    live: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    sandbox: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
  },
  {
    asset: 'USDC',
    network: 'polygon',
    live: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
    sandbox: '0x41E94Eb019C0762f9Bfcf9Fb1E58725BfB0e7582',
  },
  {
    asset: 'USDC',
    network: 'solana',
    live: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    sandbox: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU',
  },
  {asset: 'USDT', network: 'ethereum', live: '0xdAC17F958D2ee523a2206206994597C13D831ec7', sandbox: null},
  {asset: 'USDT', network: 'polygon', live: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', sandbox: null},
  {asset: 'USDT', network: 'tron', live: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', sandbox: null},
];

export const tokenContractTable: DataTable<TokenContract> = {
  rows: tokenContracts,
  key: (row) => `${row.asset}-${row.network}`,
  columns: [
    {header: 'Asset', cell: (row) => code(row.asset)},
    {header: 'Network', cell: (row) => code(row.network)},
    {header: 'Live contract', cell: (row) => code(row.live)},
    {header: 'Sandbox contract', cell: (row) => (row.sandbox ? code(row.sandbox) : 'Simulated, no contract')},
  ],
};

export const explorerTable: DataTable<Network> = {
  rows: networks,
  key: (row) => row.network,
  columns: [
    {header: 'Network', cell: (row) => code(row.network)},
    {header: 'Live transaction', cell: (row) => code(row.explorer.live)},
    {
      header: 'Sandbox transaction',
      cell: (row) => (row.explorer.sandbox ? code(row.explorer.sandbox) : 'none: sandbox USDT is simulated'),
    },
  ],
};

export interface AssetInfo {
  asset: Asset;
  name: string;
  /** Decimal places: one smallest unit is 10^-decimals of the asset (api/openapi.yaml, Asset `x-decimals`). */
  decimals: number;
  smallestUnit: string;
}

export const assets: readonly AssetInfo[] = [
  {asset: 'BTC', name: 'Bitcoin', decimals: 8, smallestUnit: 'satoshi'},
  {asset: 'ETH', name: 'Ether', decimals: 18, smallestUnit: 'wei'},
  {asset: 'SOL', name: 'Solana', decimals: 9, smallestUnit: 'lamport'},
  {asset: 'USDC', name: 'USD Coin', decimals: 6, smallestUnit: '0.000001 USDC'},
  {asset: 'USDT', name: 'Tether USD', decimals: 6, smallestUnit: '0.000001 USDT'},
];

export const assetTable: DataTable<AssetInfo> = {
  rows: assets,
  key: (row) => row.asset,
  columns: [
    {header: 'Asset', cell: (row) => `${code(row.asset)} (${row.name})`},
    {header: 'Decimals', cell: (row) => String(row.decimals)},
    {header: 'Smallest unit', cell: (row) => row.smallestUnit},
    {header: '1 of the asset is', cell: (row) => `10^${row.decimals} smallest units`},
  ],
};
