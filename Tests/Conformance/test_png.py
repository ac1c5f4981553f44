"""The kit's PNG reader against files other encoders wrote: Chromium's screenshots and the engine's
fixtures (every filter 0-4), and images this test encodes in each colour type and filter, palette
and tRNS included, and an APNG. Run: python3 -m pytest Tests/Conformance."""

import glob
import os
import struct
import sys
import zlib

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "Protocol", "conformance"))

from png import PNGError, read_png, write_png  # noqa: E402


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def textbook_unfilter(raw, height, stride, bpp):
    """The PNG specification's reconstruction, byte by byte, to hold the reader's fast paths to."""
    out, prior, at = [], [0] * stride, 0
    for _ in range(height):
        kind, line = raw[at], list(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prior[i], prior[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out += line
        prior = line
    return bytes(out)


def filtered(rows, bpp, kind):
    """Rows of samples encoded with filter `kind` (the encoder side of the specification)."""
    out, prior = b"", bytes(len(rows[0]))
    for row in rows:
        encoded = []
        for i, x in enumerate(row):
            a = row[i - bpp] if i >= bpp else 0
            b, c = prior[i], prior[i - bpp] if i >= bpp else 0
            if kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                predictor = a if pa <= pb and pa <= pc else b if pb <= pc else c
            else:
                predictor = [0, a, b, (a + b) // 2][kind]
            encoded.append((x - predictor) & 255)
        out += bytes([kind]) + bytes(encoded)
        prior = row
    return out


def encode(width, height, colour, rows, kind, extra=b""):
    bpp = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour]
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0)) + extra
            + chunk(b"IDAT", zlib.compress(filtered(rows, bpp, kind))) + chunk(b"IEND", b""))


def pattern(width, height, channels):
    return [bytes((x * 37 + y * 91 + c * 53 + x * y) & 255 for x in range(width) for c in range(channels)) for y in range(height)]


@pytest.mark.parametrize("kind", [0, 1, 2, 3, 4])
def test_rgba_rgb_grey_and_grey_alpha_in_every_filter(kind):
    width, height = 7, 5
    for colour, channels in ((6, 4), (2, 3), (0, 1), (4, 2)):
        rows = pattern(width, height, channels)
        image = read_png(encode(width, height, colour, rows, kind))
        for y in range(height):
            for x in range(width):
                s = rows[y][x * channels:(x + 1) * channels]
                want = tuple(s) if colour == 6 else tuple(s) + (255,) if colour == 2 else (s[0],) * 3 + (s[-1] if colour == 4 else 255,)
                assert image.pixel(x, y) == want, (colour, kind, x, y)


def test_palette_with_trns_and_rgb_colour_key():
    palette = bytes([255, 0, 0, 0, 255, 0, 0, 0, 255])
    rows = [bytes([0, 1, 2, 1]), bytes([2, 2, 0, 0])]
    image = read_png(encode(4, 2, 3, rows, 2, chunk(b"PLTE", palette) + chunk(b"tRNS", bytes([128, 0]))))
    assert [image.pixel(x, 0) for x in range(4)] == [(255, 0, 0, 128), (0, 255, 0, 0), (0, 0, 255, 255), (0, 255, 0, 0)]
    key = chunk(b"tRNS", struct.pack(">HHH", 10, 20, 30))
    image = read_png(encode(2, 1, 2, [bytes([10, 20, 30, 10, 20, 31])], 1, key))
    assert image.pixel(0, 0) == (10, 20, 30, 0) and image.pixel(1, 0) == (10, 20, 31, 255)


def test_an_apng_reads_as_its_default_image():
    rows = pattern(3, 2, 4)
    plain = encode(3, 2, 6, rows, 0)
    control = chunk(b"acTL", struct.pack(">II", 2, 0)) + chunk(b"fcTL", struct.pack(">IIIIIHHBB", 0, 3, 2, 0, 0, 1, 10, 0, 0))
    frame2 = chunk(b"fdAT", struct.pack(">I", 2) + zlib.compress(filtered(pattern(3, 2, 4)[::-1], 4, 0)))
    at = plain.index(b"IDAT") - 4
    apng = plain[:at] + control + plain[at:plain.index(b"IEND") - 4] + frame2 + plain[plain.index(b"IEND") - 4:]
    assert read_png(apng).rgba == read_png(plain).rgba == b"".join(rows)


def test_files_other_encoders_wrote_read_as_the_specification_reads_them():
    files = glob.glob(os.path.join(REPO, "Docs", "screenshots", "*.png")) + glob.glob(os.path.join(REPO, "Tests", "Fixtures", "**", "*.png"), recursive=True)
    assert files, "no PNG files in Docs/screenshots or Tests/Fixtures"
    for path in files:
        data = open(path, "rb").read()
        width, height, _, colour = struct.unpack(">IIBB", data[16:26])
        idat = b"".join(body for kind, body in iter_chunks(data) if kind == b"IDAT")
        channels = {0: 1, 2: 3, 4: 2, 6: 4}[colour]
        samples = textbook_unfilter(zlib.decompress(idat), height, width * channels, channels) if width * height < 400_000 else None
        image = read_png(data)
        assert (image.width, image.height) == (width, height)
        if samples is not None and colour == 6:
            assert image.rgba == samples, path
        elif samples is not None and colour == 2:
            assert image.rgba[0::4] == samples[0::3] and image.rgba[2::4] == samples[2::3], path


def iter_chunks(data):
    at = 8
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        yield kind, data[at + 8:at + 8 + length]
        at += 12 + length


def test_the_writer_round_trips_and_bad_files_are_refused():
    rgba = bytes(range(256)) * 3
    image = read_png(write_png(16, 12, rgba))
    assert (image.width, image.height, bytes(image.rgba)) == (16, 12, rgba)
    good = write_png(2, 2, bytes(16))
    with pytest.raises(PNGError):
        read_png(b"GIF89a" + good[6:])
    broken = bytearray(good)
    broken[-20] ^= 0xFF
    with pytest.raises(PNGError):
        read_png(bytes(broken))
