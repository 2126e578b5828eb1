"""Check a refund address before you send it to Coinwharf.

The address must have the right format for the payment's network, and must never be the
payment's own deposit address.

    python3 refund_address.py base 0x9F2b6c1E4a7D03B58e21c6A4f0D7b3E8a5C19d42

A format check cannot tell Base from Polygon (both use 0x addresses): show the customer the
asset and network and have them confirm both.
"""

import re
import sys

BASE58 = "[1-9A-HJ-NP-Za-km-z]"
EVM = re.compile(r"0x[0-9a-fA-F]{40}")
FORMATS = {
    "bitcoin": re.compile(rf"(bc1|tb1)[02-9ac-hj-np-z]{{11,71}}|[123mn]{BASE58}{{25,34}}"),
    "ethereum": EVM,
    "base": EVM,
    "polygon": EVM,
    "solana": re.compile(rf"{BASE58}{{32,44}}"),
    "tron": re.compile(rf"T{BASE58}{{33}}"),
}


def refund_address_problem(network: str, address: str, deposit_address: str | None = None) -> str | None:
    """Why address cannot receive a refund of a payment on network, or None when it can."""
    address_format = FORMATS.get(network)
    if address_format is None:
        return f"Unknown network {network}"
    if not address_format.fullmatch(address):
        return f"Not a {network} address: ask the customer to copy it again"
    if deposit_address is not None and address.lower() == deposit_address.lower():
        return "That is the payment's own deposit address: ask the customer for their own"
    return None


if __name__ == "__main__":
    network, address, *deposit = sys.argv[1:] + ["", ""]
    # Customers paste addresses with stray spaces and line breaks: trim them, change nothing else.
    problem = refund_address_problem(network, address.strip(), deposit[0] or None)
    print(problem or f"OK: a {network} address")
    sys.exit(1 if problem else 0)
