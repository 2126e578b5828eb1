"""Check a refund address before you send it to Coinwharf.

The address must have the right format for the payment's network in the payment's mode, and
must never be the payment's own deposit address. Live payments are refunded on the network
itself, sandbox payments on its test network, where Bitcoin addresses look different (tb1, m,
n or 2 instead of bc1, 1 or 3). On the command line, the mode is your key's:

    COINWHARF_SECRET_KEY=cw_test_... python3 refund_address.py base 0x9F2B6C1e4A7D03b58e21c6A4f0D7B3E8a5c19D42

It checks the format only, not the checksum some addresses carry, so one mistyped character
can pass: have the customer paste the address, not type it. And a format check cannot tell
Base from Polygon (both use 0x addresses): show the customer the asset and network and have
them confirm both.
"""

import os
import re
import sys

BASE58 = "[1-9A-HJ-NP-Za-km-z]"
WITNESS_CHARS = "[02-9ac-hj-np-z]"
EVM = re.compile(r"0x[0-9a-fA-F]{40}")
SOLANA = re.compile(rf"{BASE58}{{32,44}}")
TRON = re.compile(rf"T{BASE58}{{33}}")
# Each network's address format: (live, sandbox).
FORMATS = {
    "bitcoin": (
        re.compile(rf"bc1{WITNESS_CHARS}{{11,71}}|[13]{BASE58}{{25,34}}"),
        re.compile(rf"tb1{WITNESS_CHARS}{{11,71}}|[mn2]{BASE58}{{25,34}}"),
    ),
    "ethereum": (EVM, EVM),
    "base": (EVM, EVM),
    "polygon": (EVM, EVM),
    "solana": (SOLANA, SOLANA),
    "tron": (TRON, TRON),
}
# The test network a sandbox payment on each network uses.
SANDBOX_NETWORKS = {
    "bitcoin": "testnet4",
    "ethereum": "sepolia",
    "base": "base-sepolia",
    "polygon": "amoy",
    "solana": "devnet",
    "tron": "nile",
}


def address_kind(network: str, livemode: bool) -> str:
    """What a refund on network needs: "a bitcoin address", or "a bitcoin sandbox (testnet4) address"."""
    return f"a {network} address" if livemode else f"a {network} sandbox ({SANDBOX_NETWORKS.get(network)}) address"


def refund_address_problem(
    network: str, address: str, livemode: bool, deposit_address: str | None = None
) -> str | None:
    """Why address cannot receive a refund of a payment on network, or None when it can.

    livemode is the payment's: True for a live payment, False for a sandbox one.
    """
    formats = FORMATS.get(network)
    if formats is None:
        return f"Unknown network {network}"
    if not formats[0 if livemode else 1].fullmatch(address):
        return f"Not {address_kind(network, livemode)}: ask the customer to copy it again"
    if deposit_address is not None and address.lower() == deposit_address.lower():
        return "That is the payment's own deposit address: ask the customer for their own"
    return None


if __name__ == "__main__":
    key = os.environ.get("COINWHARF_SECRET_KEY") or ""
    if not re.match(r"cw_(live|test)_", key):
        sys.exit("Set COINWHARF_SECRET_KEY: a cw_live_ key checks live addresses, a cw_test_ key sandbox ones")
    mode_live = key.startswith("cw_live_")
    network, address, *deposit = sys.argv[1:] + ["", ""]
    # Customers paste addresses with stray spaces and line breaks: trim them, change nothing else.
    problem = refund_address_problem(network, address.strip(), mode_live, deposit[0] or None)
    print(problem or f"OK: {address_kind(network, mode_live)}")
    sys.exit(1 if problem else 0)
