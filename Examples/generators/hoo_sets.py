#!/usr/bin/env python3
"""Generate Hoo sets of any size, shaped like the HooView seed's ``HooSets/##.zip``.

    python3 Examples/generators/hoo_sets.py --sets N --hoos M --out DIR [--seed S] [--unzipped] [--macosx]

Writes ``DIR/01.zip`` .. ``DIR/NN.zip`` (numbers zero-padded to at least two digits), each
holding one set under its own top folder, as the real archives do::

    01/hoo_set.json          {"Color":"Red","Count":M}
    01/header.png            + header@2x.png, header@3x.png (small valid PNGs, 1x/2x/3x)
    01/01/hoo.json           {"PoemLine":"...","Title":"..."}
    01/01/hoo.png            a small valid PNG in the set's colour
    ...

- ``--unzipped`` writes the same files as ``DIR/01/...`` folders instead of archives (the seed's
  "may or may not be unzipped already").
- ``--macosx`` adds the junk a Mac leaves behind: ``.DS_Store`` files and a ``__MACOSX/`` tree
  of AppleDouble ``._*`` files (the loader must skip them).

Colours are names (Red, Yellow, Blue, ... then more, cycling); titles and poem lines are built
from word lists so they read like the seed's. The output depends only on the seed and the counts
(fixed timestamps, no system randomness), so benchmarks are repeatable. Python 3 standard library
only. ``--sets 1000 --hoos 100`` (100k Hoos, the loader's benchmark) writes about 50 MB in some
tens of seconds.
"""

import argparse
import json
import os
import random
import struct
import sys
import zipfile
import zlib

COLOURS = [("Red", (214, 40, 40)), ("Yellow", (247, 200, 30)), ("Blue", (40, 90, 214)), ("Purple", (65, 0, 178)),
           ("Green", (40, 160, 70)), ("Silver", (190, 190, 200)), ("Cyan", (40, 200, 220)), ("Brown", (130, 80, 40)),
           ("Orange", (245, 140, 30)), ("Teal", (0, 128, 128)), ("Magenta", (200, 30, 150)), ("Gold", (212, 175, 55)),
           ("Indigo", (75, 0, 130)), ("Coral", (255, 127, 80)), ("Olive", (128, 128, 0)), ("Crimson", (220, 20, 60))]

ADJECTIVES = ["bright", "quiet", "frozen", "golden", "scarlet", "hidden", "gentle", "restless", "silver", "ancient",
              "tender", "wild", "pale", "deep", "burning", "hollow", "distant", "sleeping", "open", "secret"]
NOUNS = ["rubies", "sun", "wine", "hearts", "stone", "fire", "ice", "tides", "storm", "clouds", "rose", "river",
         "morning", "lantern", "harbour", "meadow", "feather", "window", "ember", "orchard", "moon", "voice"]
VERBS = ["hold", "break", "carry", "wake", "follow", "gather", "remember", "open", "warm", "release", "keep", "find"]
OPENINGS = ["And", "But", "When", "Though", "Until", "So", "Where", "As"]
SUBJECTS = ["I", "you", "we", "they", "the children", "the sailors", "my friends", "the old ones"]
PLACES = ["from the mine", "to the sun", "inside the storm", "across the sea", "beneath the snow", "along the shore",
          "in the exhale", "before the dawn", "within the stone", "over the hills"]


def poem_line(rng):
    """One line, in the seed's register: an opening, a subject, a verb, an object, a place."""
    shapes = [
        lambda: "%s %s %s the %s %s" % (rng.choice(OPENINGS), rng.choice(SUBJECTS), rng.choice(VERBS),
                                        rng.choice(ADJECTIVES), rng.choice(NOUNS)),
        lambda: "They brought me %s %s" % (rng.choice(NOUNS), rng.choice(PLACES)),
        lambda: "%s like the %s, %s as %s" % (rng.choice(ADJECTIVES).capitalize(), rng.choice(NOUNS),
                                              rng.choice(ADJECTIVES), rng.choice(NOUNS)),
        lambda: "%s %s %s %s" % (rng.choice(SUBJECTS).capitalize(), rng.choice(VERBS), rng.choice(NOUNS),
                                 rng.choice(PLACES)),
    ]
    return rng.choice(shapes)()


def title(rng):
    if rng.random() < 0.7:
        return rng.choice(NOUNS).capitalize()
    return "%s %s" % (rng.choice(ADJECTIVES).capitalize(), rng.choice(NOUNS).capitalize())


def png(width, height, pixel):
    """A valid 8-bit RGB PNG; `pixel(x, y)` gives each (r, g, b)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    raw = b"".join(b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def lighter(rgb, amount):
    return tuple(min(255, c + amount) for c in rgb)


def header_png(rgb, scale):
    """A bar in the set's colour, 30x8 pt at `scale`."""
    return png(30 * scale, 8 * scale, lambda x, y: lighter(rgb, 40) if y < 2 * scale else rgb)


def hoo_png(rgb, variant):
    """A 16x24 picture in the set's colour with a lighter disc; `variant` (0-7) moves the disc."""
    cx, cy = 4 + variant, 6 + 2 * variant

    def pixel(x, y):
        return lighter(rgb, 90) if (x - cx) ** 2 + (y - cy) ** 2 <= 16 else rgb
    return png(16, 24, pixel)


def set_files(number, hoos, rng, macosx, width, hoo_width):
    """(path, bytes) of one set's files, folders as paths ending in "/"."""
    colour, rgb = COLOURS[(number - 1) % len(COLOURS)]
    root = "%0*d/" % (width, number)
    files = [(root, None), (root + "hoo_set.json", json.dumps({"Color": colour, "Count": hoos}, separators=(",", ":")))]
    for scale, suffix in ((1, ""), (2, "@2x"), (3, "@3x")):
        files.append((root + "header%s.png" % suffix, header_png(rgb, scale)))
    images = [hoo_png(rgb, variant) for variant in range(8)]
    for hoo in range(1, hoos + 1):
        folder = "%s%0*d/" % (root, hoo_width, hoo)
        files.append((folder, None))
        files.append((folder + "hoo.json", json.dumps({"PoemLine": poem_line(rng), "Title": title(rng)},
                                                      separators=(",", ":"), ensure_ascii=False)))
        files.append((folder + "hoo.png", images[rng.randrange(8)]))
        if macosx:
            files.append((folder + ".DS_Store", bytes(6148)))
            files.append(("__MACOSX/" + folder + "._hoo.png", b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X" + bytes(200)))
    if macosx:
        files.append((root + ".DS_Store", bytes(6148)))
        files.append(("__MACOSX/", None))
        files.append(("__MACOSX/._" + root.rstrip("/"), b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X" + bytes(200)))
    return files


def write_archive(path, files):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
        for name, data in files:
            info = zipfile.ZipInfo(name, date_time=(2016, 4, 22, 6, 4, 0))
            info.create_system = 3
            if data is None:
                info.external_attr = (0o40755 << 16) | 0x10
                archive.writestr(info, b"", compress_type=zipfile.ZIP_STORED)
            else:
                info.external_attr = 0o100644 << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, data if isinstance(data, bytes) else data.encode())


def write_folder(out_dir, files):
    for name, data in files:
        path = os.path.join(out_dir, name)
        if data is None:
            os.makedirs(path, exist_ok=True)
            continue
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as out:
            out.write(data if isinstance(data, bytes) else data.encode())


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", type=int, default=9, help="number of sets (default 9)")
    parser.add_argument("--hoos", type=int, default=12, help="Hoos per set (default 12)")
    parser.add_argument("--out", required=True, help="folder to write into (created if missing)")
    parser.add_argument("--seed", type=int, default=4, help="random seed (default 4)")
    parser.add_argument("--unzipped", action="store_true", help="write ## folders instead of ##.zip archives")
    parser.add_argument("--macosx", action="store_true", help="add __MACOSX/ and .DS_Store junk")
    args = parser.parse_args(argv)
    if args.sets < 1 or args.hoos < 0 or args.hoos > 10_000:
        parser.error("--sets must be at least 1 and --hoos from 0 to 10000")
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)
    width, hoo_width = max(2, len(str(args.sets))), max(2, len(str(args.hoos)))
    for number in range(1, args.sets + 1):
        files = set_files(number, args.hoos, rng, args.macosx, width, hoo_width)
        if args.unzipped:
            write_folder(args.out, files)
        else:
            write_archive(os.path.join(args.out, "%0*d.zip" % (width, number)), files)
    return 0


if __name__ == "__main__":
    sys.exit(main())
