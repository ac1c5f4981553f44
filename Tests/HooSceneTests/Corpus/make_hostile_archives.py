#!/usr/bin/env python3
"""Write the hostile-archive corpus of the Hoo set loader into a folder.

    python3 Tests/HooSceneTests/Corpus/make_hostile_archives.py OUT_DIR

``HostileArchiveTests`` runs this into a temporary folder and loads the folder: each hostile
archive must be refused with the reason listed in ``CASES`` (the Swift test holds the same
table), and the good sets must still load. Python 3 standard library only; the output is the
same on every run (fixed timestamps, no randomness). About 5 MiB is written, plus one sparse
50 MiB file that is not an archive.

The archives are assembled by hand (``build``) rather than with ``zipfile``, so that every
field can be made to lie: sizes, CRCs, counts, flags, names, offsets.
"""

import json
import os
import struct
import sys
import zlib

# MARK: - Small valid content


def png(width, height, rgb):
    """A valid RGB PNG of one colour."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    row = b"\x00" + bytes(rgb) * width
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row * height, 9)) + chunk(b"IEND", b""))


def raw_deflate(data, level=9):
    compressor = zlib.compressobj(level, zlib.DEFLATED, -15)
    return compressor.compress(data) + compressor.flush()


DIR_ATTR = (0o40755 << 16) | 0x10
FILE_ATTR = 0o100644 << 16
LINK_ATTR = 0o120777 << 16
UNIX = 3 << 8 | 20


class Entry:
    """One entry; every field the writer emits can be overridden to lie."""

    def __init__(self, name, data=b"", method=None, raw=None, crc=None, size=None, csize=None, flags=0,
                 made_by=UNIX, attr=None, local_name=None, descriptor=False, inside=None, descriptor_fields=None,
                 descriptor_signature=True):
        self.name = name if isinstance(name, bytes) else name.encode()
        is_dir = self.name.endswith(b"/")
        self.data = data
        self.method = (0 if is_dir else 8) if method is None else method
        if raw is None:
            raw = data if self.method == 0 else raw_deflate(data)
        self.raw = raw
        self.crc = zlib.crc32(data) if crc is None else crc
        self.size = len(data) if size is None else size
        self.csize = len(raw) if csize is None else csize
        self.flags = flags | (8 if descriptor else 0)
        self.made_by = made_by
        self.attr = (DIR_ATTR if is_dir else FILE_ATTR) if attr is None else attr
        self.local_name = self.name if local_name is None else local_name
        self.descriptor = descriptor
        # (crc, csize, size) the data descriptor states, when it is to lie; with or without signature.
        self.descriptor_fields = descriptor_fields
        self.descriptor_signature = descriptor_signature
        # (index, delta): not written itself; its local header is expected at that entry's data + delta.
        self.inside = inside
        self.offset = 0

    def local_header(self):
        crc, csize, size = (0, 0, 0) if self.descriptor else (self.crc, self.csize, self.size)
        return struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, self.flags, self.method, 0, 0x21,
                           crc, csize, size, len(self.local_name), 0) + self.local_name

    def central_record(self):
        return struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, self.made_by, 20, self.flags, self.method, 0, 0x21,
                           self.crc, self.csize, self.size, len(self.name), 0, 0, 0, 0, self.attr,
                           self.offset) + self.name


def build(entries, count=None, cd_size=None, cd_offset=None, disk=0, zip64_locator=False, cut_central=0):
    """The archive bytes: local headers and data, central directory, end record."""
    out = bytearray()
    data_offsets = {}
    for index, entry in enumerate(entries):
        if entry.inside is not None:
            continue
        entry.offset = len(out)
        out += entry.local_header()
        data_offsets[index] = len(out)
        out += entry.raw
        if entry.descriptor:
            fields = entry.descriptor_fields or (entry.crc, entry.csize, entry.size)
            signature = struct.pack("<I", 0x08074B50) if entry.descriptor_signature else b""
            out += signature + struct.pack("<III", *fields)
    for entry in entries:
        if entry.inside is not None:
            entry.offset = data_offsets[entry.inside[0]] + entry.inside[1]
    central_offset = len(out)
    central = b"".join(entry.central_record() for entry in entries)
    full_size = len(central)
    central = central[:full_size - cut_central]
    out += central
    if zip64_locator:
        out += struct.pack("<IIQI", 0x07064B50, 0, 0, 1)
    n = len(entries) if count is None else count
    out += struct.pack("<IHHHHIIH", 0x06054B50, disk, disk, n, n,
                       full_size if cd_size is None else cd_size,
                       central_offset if cd_offset is None else cd_offset, 0)
    return bytes(out)


COLOURS = {1: "Red", 2: "Yellow", 3: "Blue", 4: "Purple"}
TITLES = ["Rubies", "Sun", "Wine", "Vats"]
POEMS = ["They brought me rubies from the mine", "And held them to the sun",
         "I said, they are drops of frozen wine", "From Eden's vats that run"]


def set_entries(root, number, hoos=2, count=None, junk=False, method=None, descriptor=False):
    """The entries of a valid set under `root` ("NN/" or "")."""
    colour = COLOURS.get(number, "Cyan")
    rgb = (number * 40 % 256, 90, 200)
    entries = []
    if root:
        entries.append(Entry(root))
    entries.append(Entry(root + "hoo_set.json", json.dumps({"Color": colour, "Count": hoos if count is None else count},
                                                           separators=(",", ":")).encode(), method=method))
    for scale, suffix in ((1, ""), (2, "@2x"), (3, "@3x")):
        entries.append(Entry(root + "header" + suffix + ".png", png(12 * scale, 4 * scale, rgb), method=method,
                             descriptor=descriptor))
    for hoo in range(1, hoos + 1):
        folder = "%s%02d/" % (root, hoo)
        entries.append(Entry(folder))
        entries.append(Entry(folder + "hoo.json", json.dumps({"PoemLine": POEMS[hoo % 4], "Title": TITLES[hoo % 4]},
                                                             separators=(",", ":")).encode(), method=method))
        entries.append(Entry(folder + "hoo.png", png(8, 12, rgb), method=method, descriptor=descriptor))
    if junk:
        entries += [Entry("__MACOSX/"), Entry("__MACOSX/%s._hoo_set.json" % root, b"\x00\x05\x16\x07" + bytes(80)),
                    Entry(root + ".DS_Store", bytes(6148))]
    return entries


def replace(entries, name, **fields):
    """`entries` with the entry `name` rebuilt with other fields."""
    result = []
    for entry in entries:
        if entry.name == name.encode():
            entry = Entry(name, **{"data": entry.data, **fields})
        result.append(entry)
    return result


def without(entries, name):
    return [entry for entry in entries if entry.name != name.encode()]


# MARK: - Bombs (small on disk)

ZERO_MIB = bytes(1 << 20)
_c = zlib.compressobj(9, zlib.DEFLATED, -15)
# 1 MiB of zeros as a self-contained run of deflate blocks (a full flush resets the window), so
# the stream for N MiB is this block N times and an empty final block: no need to compress N MiB.
ZERO_MIB_BLOCKS = _c.compress(ZERO_MIB) + _c.flush(zlib.Z_FULL_FLUSH)
FINAL_EMPTY_BLOCK = b"\x03\x00"
ZERO_MIB_CRC = zlib.crc32(ZERO_MIB)


def zeros_crc(mib):
    crc = 0
    for _ in range(mib):
        crc = zlib.crc32(ZERO_MIB, crc)
    return crc


def zeros_entry(name, mib):
    return Entry(name, raw=ZERO_MIB_BLOCKS * mib + FINAL_EMPTY_BLOCK, method=8, crc=zeros_crc(mib), size=mib << 20)


# MARK: - The corpus

def corpus():
    """(file name, bytes) of every archive, good ones first."""
    good = lambda n, **kw: set_entries("%02d/" % n, n, **kw)  # noqa: E731
    files = [
        # Good: deflate with macOS junk and data descriptors; stored entries with the set at the top.
        ("01.zip", build(good(1, junk=True, descriptor=True))),
        ("02.zip", build(set_entries("", 2, hoos=3, method=0))),
        # 03.zip is shadowed by the folder 03/ (written by main): the folder wins.
        ("03.zip", build(set_entries("03/", 3, hoos=1))),
    ]

    def add(number, data):
        files.append(("%02d.zip" % number, data))

    # Not archives, cut off.
    whole = build(good(11))
    add(11, whole[: len(whole) * 6 // 10])                       # truncated: no end record
    add(12, build(good(12), cut_central=60))                     # end record promises more central directory
    entries = good(13)
    entries = replace(entries, "13/01/hoo.png", crc=entries[-1].crc ^ 0xFFFF)   # bad CRC in both headers
    add(13, build(entries))
    add(14, build(good(14), count=len(good(14)) + 1))            # entry count mismatch
    # Names.
    add(15, build(good(15) + [Entry("15/../../etc/passwd", b"root:x:0:0")]))
    add(16, build(good(16) + [Entry("/etc/passwd", b"root:x:0:0")]))
    add(17, build(good(17) + [Entry("\\windows\\win.ini", b"[fonts]")]))
    add(18, build(good(18) + [Entry("C:/windows/win.ini", b"[fonts]")]))
    add(19, build(good(19) + [Entry(b"19/01/hoo.png\x00.txt", b"x")]))
    add(20, build(good(20) + [Entry("20\\..\\evil.txt", b"x")]))
    add(21, build(good(21) + [Entry("21/01/hoo.json", b'{"Title":"Other","PoemLine":"Twice"}')]))
    add(22, build(good(22) + [Entry("22/02/link", b"/etc/passwd", method=0, attr=LINK_ATTR)]))
    add(23, build(replace(good(23), "23/01/hoo.png", flags=1)))
    add(24, build(replace(good(24), "24/01/hoo.png", method=12, raw=b"BZh91AY&SY")))
    # Limits.
    add(25, build(good(25) + [Entry("25/x/%05d" % i, b"", method=0) for i in range(10_001 - len(good(25)))]))
    add(26, build(good(26) + [zeros_entry("26/bomb.bin", 1024)]))               # 1 GiB in ~1 MiB
    add(27, build(good(27) + [zeros_entry("27/ratio.bin", 32)]))                 # 32 MiB at ~1000:1
    add(28, build(good(28) + [zeros_entry("28/z/%04d.bin" % i, 1) for i in range(1100)]))  # 1100 x 1 MiB
    # Deflate streams that lie.
    endless = zlib.compressobj(9, zlib.DEFLATED, -15)
    png_29 = png(8, 12, (1, 2, 3))
    raw_29 = endless.compress(png_29) + endless.flush(zlib.Z_SYNC_FLUSH)   # no final block
    add(29, build(replace(good(29), "29/01/hoo.png", raw=raw_29)))
    add(30, build(good(30) + [Entry("30/01/extra.bin", raw=ZERO_MIB_BLOCKS * 10 + FINAL_EMPTY_BLOCK, method=8,
                                    size=1000, crc=0)]))                          # 10 MiB declared as 1000 bytes
    png_38 = png(8, 12, (4, 5, 6))
    add(38, build(replace(good(38), "38/01/hoo.png", raw=raw_deflate(png_38), size=len(png_38) + 100)))
    add(39, build(replace(good(39), "39/01/hoo.png", raw=raw_deflate(png_38) + b"GARBAGE!")))
    add(45, build(replace(good(45), "45/01/hoo.png", raw=b"\xff" * 40)))
    # Metadata.
    add(31, build(without(good(31), "31/hoo_set.json")))
    add(32, build(replace(good(32), "32/hoo_set.json", data=b"Color: Purple\nCount: 2\n")))
    add(33, build(without(good(33), "33/02/hoo.json")))
    add(34, build(replace(good(34), "34/01/hoo.json", data=b'{"Title": "Rubies", "PoemLine": ')))
    add(35, build(good(35, count=3)))
    add(41, build(replace(good(41), "41/hoo_set.json", data=b'{"Color": 7, "Count": 2}')))
    add(42, build(replace(good(42), "42/hoo_set.json", data=b'{"Color": "Red", "Count": 2' + b" " * 70_000 + b"}")))
    add(43, build(good(43) + set_entries("43b/", 43)))
    # Unsupported structures.
    add(36, build(good(36), zip64_locator=True))
    add(37, build(good(37), disk=1))
    # Local header disagreeing with the central directory; overlapping entries (one stream, two names).
    add(44, build(replace(good(44), "44/01/hoo.png", local_name=b"44/01/hoo.PNG")))
    entries = good(40)
    inner = Entry("40/02/hoo.png", png(8, 12, (7, 8, 9)), method=0)
    carrier = Entry("40/01/hoo.png", inner.local_header() + inner.raw, method=0)
    entries = [e for e in entries if e.name not in (b"40/01/hoo.png", b"40/02/hoo.png")] + [carrier, inner]
    inner.inside = (len(entries) - 2, 0)
    add(40, build(entries))
    # Data descriptors (flag bit 3) that disagree with the central directory, or are missing.
    entries = good(46, descriptor=True)
    add(46, build(replace(entries, "46/01/hoo.png", descriptor=True, descriptor_fields=(0x12345678, entries[-1].csize, entries[-1].size))))
    entries = good(47, descriptor=True)
    hoo_47 = [e for e in entries if e.name == b"47/01/hoo.png"][0]
    add(47, build(replace(entries, "47/01/hoo.png", descriptor=True, descriptor_signature=False,
                          descriptor_fields=(hoo_47.crc, hoo_47.csize, hoo_47.size + 1))))
    add(48, build(replace(good(48), "48/01/hoo.png", flags=8)))             # bit 3 in both headers, no descriptor written
    # End records that do not end the file: bytes appended, a comment length claiming more.
    add(49, build(good(49)) + b"APPENDED BY A DOWNLOAD TOOL")
    whole = build(good(50))
    add(50, whole[:-2] + struct.pack("<H", 300))
    return files


def write_not_a_zip(path, size=50 << 20):
    """A 50 MiB file that is not an archive: some text, then a sparse run of zeros."""
    with open(path, "wb") as out:
        out.write(b"This is not a ZIP archive, only 50 MiB of nothing.\n" * 100)
        out.truncate(size)


def write_folder_set(out_dir, number=3, hoos=2):
    """An unzipped set folder `NN/`, as `unzip` leaves it, with its macOS junk."""
    for entry in set_entries("%02d/" % number, number, hoos=hoos, junk=True):
        name = entry.name.decode()
        if name.startswith("__MACOSX"):
            continue
        path = os.path.join(out_dir, name)
        if name.endswith("/"):
            os.makedirs(path, exist_ok=True)
        else:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as out:
                out.write(entry.data)
    os.makedirs(os.path.join(out_dir, "__MACOSX", "%02d" % number), exist_ok=True)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out_dir = sys.argv[1]
    os.makedirs(out_dir, exist_ok=True)
    for name, data in corpus():
        with open(os.path.join(out_dir, name), "wb") as out:
            out.write(data)
    write_not_a_zip(os.path.join(out_dir, "10.zip"))
    write_folder_set(out_dir)


if __name__ == "__main__":
    main()
