/**
 * The fields of the payment object (BRIEF.md, "The payment object"), in the
 * API's order. Tests compare the names with the Payment schema of
 * api/openapi.yaml.
 */
import {code, type DataTable} from './table';
export interface Field {
  name: string;
  type: string;
  description: string;
}

export const paymentFields: readonly Field[] = [
  {name: 'id', type: 'string', description: 'Unique id, prefixed `pay_`.'},
  {name: 'object', type: 'string', description: 'Always `payment`.'},
  {name: 'livemode', type: 'boolean', description: '`false` for sandbox payments created with a `cw_test_` key.'},
  {name: 'status', type: 'string', description: 'Where the payment is in its lifecycle; see the statuses above.'},
  {name: 'price', type: 'Money', description: 'What you charge, in fiat: `{"amount": "25.00", "currency": "USD"}`.'},
  {name: 'asset', type: 'string', description: 'What the customer pays with: `BTC`, `ETH`, `SOL`, `USDC` or `USDT`.'},
  {name: 'network', type: 'string', description: 'The chain the payment settles on, such as `base`.'},
  {name: 'amount_due', type: 'Money', description: 'The quoted amount in the asset, locked until `expires_at`.'},
  {
    name: 'amount_received',
    type: 'Money',
    description: 'Confirmed funds received so far, in the asset. Unconfirmed funds are in `amount_pending`.',
  },
  {
    name: 'amount_pending',
    type: 'Money',
    description:
      'Funds seen on chain without the required confirmations yet, in the asset. A payment that requires action is accepted or refunded once this is zero.',
  },
  {
    name: 'amount_refunded',
    type: 'Money',
    description: 'The sum of the refunds that have not failed. Left to refund: `amount_received` less this.',
  },
  {
    name: 'fee',
    type: 'Money | null',
    description:
      'Coinwharf’s fee, 1 % of `amount_received` less the refunds with `reason: declined` that have not failed, taken when the payment succeeds; null until then.',
  },
  {
    name: 'asset_contract',
    type: 'string | null',
    description: 'The token’s contract or mint address; null for a native coin.',
  },
  {
    name: 'transactions',
    type: 'Transaction[]',
    description:
      'Each on-chain transaction to the address: `hash`, `amount`, `confirmations`, `block_height` (null until mined), `seen_at`.',
  },
  {name: 'address', type: 'string', description: 'The address the customer pays to, unique to this payment.'},
  {
    name: 'payment_uri',
    type: 'string',
    description:
      'A wallet URI holding the address, the amount and the asset: `amount_due`, or while the payment requires action with `UNDER`, what is still due (`amount_due` less `amount_received`).',
  },
  {name: 'hosted_url', type: 'string', description: 'The hosted checkout page for this payment.'},
  {name: 'expires_at', type: 'string', description: 'When the quote window ends (ISO 8601).'},
  {
    name: 'confirmations',
    type: 'integer',
    description: 'Confirmations counted so far. On Solana, at most 31 until the transaction is finalized, then 32.',
  },
  {name: 'required_confirmations', type: 'integer', description: 'Confirmations needed before `succeeded`.'},
  {name: 'labels', type: 'string[]', description: '`LATE`, `UNDER` or `OVER` when the amount or timing was off.'},
  {name: 'reference', type: 'string | null', description: 'Your own order reference.'},
  {name: 'metadata', type: 'object', description: 'Up to 20 keys of your own with string values, returned unchanged.'},
  {name: 'created_at', type: 'string', description: 'When you created the payment (ISO 8601).'},
  {
    name: 'updated_at',
    type: 'string',
    description:
      'The last change, in whole seconds: two changes within one second share it, so it cannot always order events. For the current state, fetch the payment.',
  },
];

export const paymentFieldTable: DataTable<Field> = {
  rows: paymentFields,
  key: (row) => row.name,
  columns: [
    {header: 'Field', cell: (row) => code(row.name)},
    {header: 'Type', cell: (row) => row.type},
    {header: 'Description', cell: (row) => row.description},
  ],
};
