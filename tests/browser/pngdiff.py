"""pngdiff.py A.png B.png: prints the share of pixels that differ between
two 8-bit PNG pictures of the same size (1.0 when the sizes differ).
Reads only non-interlaced 8-bit greyscale, RGB and RGBA files, the ones
Chromium writes; needs nothing but the standard library."""
import struct
import sys
import zlib


def pixels(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(path + ": not a PNG file")
    pos, idat, head = 8, b"", None
    while pos < len(data):
        size, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + size]
        if kind == b"IHDR":
            head = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + size
    w, h, depth, colour, _, _, interlace = head
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(colour)
    if depth != 8 or interlace or not channels:
        raise SystemExit(path + ": unsupported PNG layout")
    raw, stride = zlib.decompress(idat), w * channels
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(h):
        f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b, c = prev[x], prev[x - channels] if x >= channels else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return w, h, channels, rows


wa, ha, ca, ra = pixels(sys.argv[1])
wb, hb, cb, rb = pixels(sys.argv[2])
if (wa, ha, ca) != (wb, hb, cb):
    print("1.0")
    sys.exit(0)
differ = 0
for la, lb in zip(ra, rb):
    if la != lb:
        for x in range(0, len(la), ca):
            differ += la[x:x + ca] != lb[x:x + ca]
print("%.6f" % (differ / float(wa * ha)))
