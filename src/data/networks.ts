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
  /** How the requirement reads when a count alone says too little. */
  confirmationsNote?: string;
  typicalTime: string;
}

export const networks: readonly Network[] = [
  {network: 'bitcoin', assets: ['BTC'], sandboxNetwork: 'testnet4', requiredConfirmations: 3, typicalTime: '~30 min'},
  {
    network: 'ethereum',
    assets: ['ETH', 'USDC', 'USDT'],
    sandboxNetwork: 'sepolia',
    requiredConfirmations: 12,
    typicalTime: '~3 min',
  },
  {
    network: 'base',
    assets: ['ETH', 'USDC'],
    sandboxNetwork: 'base-sepolia',
    requiredConfirmations: 30,
    typicalTime: '~1 min',
  },
  {
    network: 'polygon',
    assets: ['USDC', 'USDT'],
    sandboxNetwork: 'amoy',
    requiredConfirmations: 64,
    typicalTime: '~2 min',
  },
  {
    network: 'solana',
    assets: ['SOL', 'USDC'],
    sandboxNetwork: 'devnet',
    requiredConfirmations: 32,
    confirmationsNote: 'finalized (32 slots)',
    typicalTime: '~15 s',
  },
  {network: 'tron', assets: ['USDT'], sandboxNetwork: 'nile', requiredConfirmations: 20, typicalTime: '~1 min'},
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
