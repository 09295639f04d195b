#!/usr/bin/env python3
"""philox_words.py: an independent reference of tests/e2e/random_words.py.

Usage: philox_words.py OUTDIR K0 C0

Reads the three outputs the program wrote (OUTDIR/wide.npy, carry.npy,
part.npy) and checks every word against the generator computed here in
plain Python (no numpy): Philox-4x32 (Salmon et al., SC'11) as pto-isa
3186c381's CPU simulator drives it (include/pto/cpu/TRandom.hpp), walked
the way that simulator walks it: row by row, a group of 4 x 64 columns at
a time, the group's counter stepped by a quarter of the tile's columns
after each group, each lane enciphering the group's counter plus its lane
number, its four words spread 64 columns apart.  Exit status 0 when all
agree, 1 on the first difference (printed), 2 on a bad file.
"""
import ast
import struct
import sys

MASK = 0xFFFFFFFF


def philox(ctr, key, rounds):
    """The four output words of counter ctr (4 words, least significant
    first) under key (2 words) after `rounds` rounds."""
    c0, c1, c2, c3 = ctr
    k0, k1 = key
    for _ in range(rounds):
        p0 = 0xD2511F53 * c0
        p1 = 0xCD9E8D57 * c2
        c0, c1, c2, c3 = ((p1 >> 32) ^ c1 ^ k0) & MASK, p1 & MASK, ((p0 >> 32) ^ c3 ^ k1) & MASK, p0 & MASK
        k0 = (k0 + 0x9E3779B9) & MASK
        k1 = (k1 + 0xBB67AE85) & MASK
    return [c0, c1, c2, c3]


def words(key, ctr, rounds, rows, cols, vrows, vcols):
    """The tile of rows x cols whose valid vrows x vcols region the
    generator fills, as {(r, c): word}."""
    out = {}
    counter = int.from_bytes(b"".join(w.to_bytes(4, "little") for w in ctr), "little")
    group = 4 * 64
    for r in range(vrows):
        for g in range((vcols + group - 1) // group):
            for lane in range(64):
                n = (counter + lane) % (1 << 128)
                block = philox([(n >> (32 * i)) & MASK for i in range(4)], key, rounds)
                for w in range(4):
                    c = g * group + w * 64 + lane
                    if c < vcols:
                        out[(r, c)] = block[w]
            counter = (counter + cols // 4) % (1 << 128)
    return out


def read_npy(path):
    """(descr, shape, values) of a little-endian 4-byte .npy file."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] != b"\x93NUMPY":
        raise ValueError(f"{path}: not a .npy file")
    if data[6] == 1:
        hlen, start = struct.unpack("<H", data[8:10])[0], 10
    else:
        hlen, start = struct.unpack("<I", data[8:12])[0], 12
    header = ast.literal_eval(data[start:start + hlen].decode("latin-1"))
    body = data[start + hlen:]
    code = {"<u4": "I", "<i4": "i"}[header["descr"]]
    count = len(body) // 4
    return header["descr"], header["shape"], struct.unpack(f"<{count}{code}", body[:4 * count])


def check(outdir, name, descr, shape, want):
    got_descr, got_shape, got = read_npy(f"{outdir}/{name}.npy")
    if got_descr != descr or tuple(got_shape) != shape:
        print(f"FAIL {name}: {got_descr} {got_shape}, expected {descr} {shape}")
        return False
    for r in range(shape[0]):
        for c in range(shape[1]):
            w = want[(r, c)]
            if descr == "<i4" and w > 0x7FFFFFFF:
                w -= 1 << 32
            if got[r * shape[1] + c] != w:
                print(f"FAIL {name}[{r}, {c}]: {got[r * shape[1] + c]}, expected {w}")
                return False
    print(f"ok   {name}: {shape[0] * shape[1]} words")
    return True


def main(argv):
    if len(argv) != 4:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    outdir, k0, c0 = argv[1], int(argv[2], 0) & MASK, int(argv[3], 0) & MASK
    # the three calls of random_words.py
    cases = [
        ("wide", "<u4", (4, 512), words((k0, 0x5678), (c0, 2, 3, 4), 10, 4, 512, 4, 512)),
        ("carry", "<i4", (16, 64), words((0x9E3779B9, MASK), (0xFFFFFFF0, MASK, 0, 7), 7, 16, 64, 16, 64)),
        ("part", "<u4", (10, 80), words((0x55, 0x66), (1, 0, 0, 0), 10, 16, 128, 10, 80)),
    ]
    try:
        ok = all([check(outdir, *case) for case in cases])
    except (OSError, ValueError, KeyError) as e:
        print(f"philox_words.py: {e}", file=sys.stderr)
        return 2
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
