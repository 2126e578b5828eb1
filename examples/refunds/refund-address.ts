// Check a refund address before you send it to Coinwharf: the right format for
// the payment's network in the payment's mode, and never the payment's own
// deposit address. Live payments are refunded on the network itself, sandbox
// payments on its test network, where Bitcoin addresses look different (tb1, m,
// n or 2 instead of bc1, 1 or 3). On the command line, the mode is your key's:
//   COINWHARF_SECRET_KEY=cw_test_... npx tsx refund-address.ts base 0x9F2B6C1e4A7D03b58e21c6A4f0D7B3E8a5c19D42
// It checks the format only, not the checksum some addresses carry, so one
// mistyped character can pass: have the customer paste the address, not type it.
// And a format check cannot tell Base from Polygon (both use 0x addresses): show
// the customer the asset and network and have them confirm both.
import process from 'node:process';
import {pathToFileURL} from 'node:url';

const base58 = '[1-9A-HJ-NP-Za-km-z]';
const witnessChars = '[02-9ac-hj-np-z]';
const evm = /^0x[0-9a-fA-F]{40}$/;
const solana = new RegExp(`^${base58}{32,44}$`);
const tron = new RegExp(`^T${base58}{33}$`);
/** Each network's address format: [live, sandbox]. */
const formats: Record<string, [RegExp, RegExp]> = {
  bitcoin: [
    new RegExp(`^(bc1${witnessChars}{11,71}|[13]${base58}{25,34})$`),
    new RegExp(`^(tb1${witnessChars}{11,71}|[mn2]${base58}{25,34})$`),
  ],
  ethereum: [evm, evm],
  base: [evm, evm],
  polygon: [evm, evm],
  solana: [solana, solana],
  tron: [tron, tron],
};
/** The test network a sandbox payment on each network uses. */
const sandboxNetworks: Record<string, string> = {
  bitcoin: 'testnet4',
  ethereum: 'sepolia',
  base: 'base-sepolia',
  polygon: 'amoy',
  solana: 'devnet',
  tron: 'nile',
};

/** What kind of address a refund of a payment on `network` needs: "a bitcoin address", or "a bitcoin sandbox (testnet4) address". */
export const addressKind = (network: string, livemode: boolean) =>
  livemode ? `a ${network} address` : `a ${network} sandbox (${sandboxNetworks[network]}) address`;

/**
 * Why `address` cannot receive a refund of a payment on `network`, or null when it can.
 * `livemode` is the payment's: true for a live payment, false for a sandbox one.
 */
export function refundAddressProblem(
  network: string,
  address: string,
  livemode: boolean,
  depositAddress?: string,
): string | null {
  const format = formats[network]?.[livemode ? 0 : 1];
  if (!format) return `Unknown network ${network}`;
  if (!format.test(address)) return `Not ${addressKind(network, livemode)}: ask the customer to copy it again`;
  if (address.toLowerCase() === depositAddress?.toLowerCase()) {
    return "That is the payment's own deposit address: ask the customer for their own";
  }
  return null;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const key = process.env.COINWHARF_SECRET_KEY ?? '';
  const [network = '', address = '', depositAddress] = process.argv.slice(2);
  if (!/^cw_(live|test)_/.test(key)) {
    console.error('Set COINWHARF_SECRET_KEY: a cw_live_ key checks live addresses, a cw_test_ key sandbox ones');
    process.exit(2);
  }
  const livemode = key.startsWith('cw_live_');
  // Customers paste addresses with stray spaces and line breaks: trim them, change nothing else.
  const problem = refundAddressProblem(network, address.trim(), livemode, depositAddress);
  console.log(problem ?? `OK: ${addressKind(network, livemode)}`);
  if (problem) process.exitCode = 1;
}
