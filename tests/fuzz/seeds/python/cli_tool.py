#!/usr/bin/env python3
"""Count words in files (an ordinary command-line tool)."""
from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path


def count(paths: list[Path], *, lower: bool = False) -> collections.Counter[str]:
    words: collections.Counter[str] = collections.Counter()
    for p in paths:
        try:
            text = p.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            print(f"{p}: {exc!s}", file=sys.stderr)
            continue
        words.update(w.lower() if lower else w for w in text.split())
    return words


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("-n", type=int, default=10)
    ap.add_argument("--lower", action="store_true")
    args = ap.parse_args(argv)
    for word, n in count(args.files, lower=args.lower).most_common(args.n):
        print(f"{n:>7} {word}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
