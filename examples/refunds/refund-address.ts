// Check a refund address before you send it to Coinwharf: the right format for
// the payment's network, and never the payment's own deposit address.
//   npx tsx refund-address.ts base 0x9F2b6c1E4a7D03B58e21c6A4f0D7b3E8a5C19d42
// A format check cannot tell Base from Polygon (both use 0x addresses): show the
// customer the asset and network and have them confirm both.
import process from 'node:process';
import {pathToFileURL} from 'node:url';

const base58 = '[1-9A-HJ-NP-Za-km-z]';
const evm = /^0x[0-9a-fA-F]{40}$/;
const formats: Record<string, RegExp> = {
  bitcoin: new RegExp(`^((bc1|tb1)[02-9ac-hj-np-z]{11,71}|[123mn]${base58}{25,34})$`),
  ethereum: evm,
  base: evm,
  polygon: evm,
  solana: new RegExp(`^${base58}{32,44}$`),
  tron: new RegExp(`^T${base58}{33}$`),
};

/** Why `address` cannot receive a refund of a payment on `network`, or null when it can. */
export function refundAddressProblem(network: string, address: string, depositAddress?: string): string | null {
  const format = formats[network];
  if (!format) return `Unknown network ${network}`;
  if (!format.test(address)) return `Not a ${network} address: ask the customer to copy it again`;
  if (address.toLowerCase() === depositAddress?.toLowerCase()) {
    return "That is the payment's own deposit address: ask the customer for their own";
  }
  return null;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [network = '', address = '', depositAddress] = process.argv.slice(2);
  // Customers paste addresses with stray spaces and line breaks: trim them, change nothing else.
  const problem = refundAddressProblem(network, address.trim(), depositAddress);
  console.log(problem ?? `OK: a ${network} address`);
  if (problem) process.exitCode = 1;
}
