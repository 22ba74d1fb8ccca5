#!/usr/bin/env python3
"""Checks that PNG files hold a real picture: decodes them with the standard library only
(zlib + PNG unfiltering) and fails if an image is (almost) one colour or too dark to read."""
import struct
import sys
import zlib


def pixels(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, idat, width, height, ctype, depth = 8, b"", 0, 0, 0, 0
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, ctype = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    if depth != 8 or ctype not in (2, 6):
        raise ValueError(f"unsupported PNG (depth {depth}, colour type {ctype})")
    bpp = 3 if ctype == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    prev = bytearray(stride)
    rows = []
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pr) & 255
        rows.append(line)
        prev = line
    return width, height, bpp, rows


def main():
    bad = 0
    for path in sys.argv[1:]:
        try:
            w, h, bpp, rows = pixels(path)
        except (OSError, ValueError, zlib.error) as e:
            print(f"{path}: unreadable: {e}")
            bad += 1
            continue
        colours = set()
        total = 0
        n = 0
        for y in range(0, h, 4):
            row = rows[y]
            for x in range(0, w, 4):
                px = tuple(row[x * bpp:x * bpp + 3])
                colours.add(px)
                total += sum(px)
                n += 1
        mean = total / (3 * n)
        ok = len(colours) >= 64 and mean > 8
        print(f"{path}: {w}x{h}, {len(colours)} distinct colours, mean brightness {mean:.0f}: {'ok' if ok else 'BLANK'}")
        bad += 0 if ok else 1
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
