#!/usr/bin/env python3
"""Draws the browser build's app icons (web/icon-192.png, web/icon-512.png, web/icon-maskable-512.png):
a walnut square with a small Kōnane board of black and white stones and a gold rim, in pure
Python (zlib, no imaging library), 4x supersampled. Run once after changing the design; the
PNGs are committed."""

import struct
import sys
import zlib
from pathlib import Path

WALNUT = (58, 38, 24)
WOOD = (188, 128, 74)
GOLD = (232, 190, 110)
BLACK = (28, 24, 22)
WHITE = (236, 228, 212)


def colour_at(x, y, maskable):
    """The colour at (x, y) of a unit square (0..1), or None for transparent."""
    # Maskable icons keep everything inside the middle 80 % (the safe zone) and fill the rest.
    inset = 0.1 if maskable else 0.0
    u, v = (x - inset) / (1 - 2 * inset), (y - inset) / (1 - 2 * inset)
    if maskable and not (0 <= u <= 1 and 0 <= v <= 1):
        return WALNUT
    # A rounded square of walnut.
    r = 0.18
    cx, cy = min(max(u, r), 1 - r), min(max(v, r), 1 - r)
    if (u - cx) ** 2 + (v - cy) ** 2 > r * r and not maskable:
        return None
    # The board: a square of wood with a gold rim, 4 x 4 stones.
    b0, b1 = 0.17, 0.83
    if b0 - 0.03 <= u <= b1 + 0.03 and b0 - 0.03 <= v <= b1 + 0.03:
        if not (b0 <= u <= b1 and b0 <= v <= b1):
            return GOLD
        cell = (b1 - b0) / 4
        i, j = int((u - b0) / cell), int((v - b0) / cell)
        i, j = min(i, 3), min(j, 3)
        sx, sy = b0 + (i + 0.5) * cell, b0 + (j + 0.5) * cell
        d2 = (u - sx) ** 2 + (v - sy) ** 2
        # One stone lifted away (an empty hole), as in a game under way.
        if (i, j) in ((1, 2), (2, 2)):
            return (120, 80, 46) if d2 < (cell * 0.2) ** 2 else WOOD
        if d2 < (cell * 0.36) ** 2:
            return BLACK if (i + j) % 2 == 0 else WHITE
        return WOOD
    return WALNUT


def png(size, maskable):
    ss = 4
    rows = []
    for py in range(size):
        row = bytearray([0])
        for px in range(size):
            acc = [0, 0, 0, 0]
            for sy in range(ss):
                for sx in range(ss):
                    c = colour_at((px + (sx + 0.5) / ss) / size, (py + (sy + 0.5) / ss) / size, maskable)
                    if c is not None:
                        acc[0] += c[0]
                        acc[1] += c[1]
                        acc[2] += c[2]
                        acc[3] += 255
            n = ss * ss
            alpha = acc[3] // n
            if alpha:
                # The colour of the covered samples (not darkened by the transparent ones).
                row += bytes([acc[0] * 255 // acc[3], acc[1] * 255 // acc[3], acc[2] * 255 // acc[3], alpha])
            else:
                row += bytes(4)
        rows.append(bytes(row))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")


def main():
    out = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "web")
    for name, size, maskable in [("icon-192.png", 192, False), ("icon-512.png", 512, False), ("icon-maskable-512.png", 512, True)]:
        (out / name).write_bytes(png(size, maskable))
        print(f"wrote {out / name}")


if __name__ == "__main__":
    main()
