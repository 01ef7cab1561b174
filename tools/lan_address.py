"""Print the address pupils' phones use to reach this computer on the local network (``make classroom``).

The address is the one the system would send from towards the internet (a UDP socket is "connected",
which sends nothing); without a network it falls back to the loopback address and says so.

Usage: ``python tools/lan_address.py PORT``.
"""

from __future__ import annotations

import socket
import sys


def lan_address() -> str | None:
    """This machine's address on its local network, or None if it has none."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never reached, only routed
        address = probe.getsockname()[0]
    except OSError:
        return None
    finally:
        probe.close()
    return None if address.startswith("127.") else address


def main() -> int:
    port = sys.argv[1] if len(sys.argv) > 1 else "5000"
    address = lan_address()
    if address is None:
        print("No local network found: pupils' phones cannot reach this computer.")
        return 0
    print(f"Open http://{address}:{port}/ in your own browser (not 127.0.0.1): the join screen's link and")
    print(f"QR code then carry that address. Pupils open http://{address}:{port}/en/join (docs/teaching.md).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
