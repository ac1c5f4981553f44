"""A small PNG reader and writer on zlib (standard library only), for the conformance kit.

Reads 8-bit greyscale, greyscale with alpha, RGB, RGBA and palette images (with tRNS), every
filter (0-4), not interlaced. An APNG is a PNG whose default image is its first frame: the reader
reads that image and ignores the animation chunks (acTL, fcTL, fdAT). Pixels come back as one
bytearray of RGBA, row by row. The writer writes 8-bit RGBA with filter 0 (what the kit needs for
test renders).
"""

import struct
import zlib
from itertools import accumulate

SIGNATURE = b"\x89PNG\r\n\x1a\n"
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}  # colour type -> samples per pixel


class PNGError(ValueError):
    """A file this reader cannot read, with the reason."""


class Image:
    """A decoded image: width, height and RGBA bytes, row by row."""

    def __init__(self, width, height, rgba):
        self.width, self.height, self.rgba = width, height, rgba

    def pixel(self, x, y):
        """The (r, g, b, a) at integer pixel (x, y)."""
        i = (y * self.width + x) * 4
        return tuple(self.rgba[i:i + 4])


def chunks(data):
    """Yields (type, body) of each chunk, checking the signature and each CRC."""
    if not data.startswith(SIGNATURE):
        raise PNGError("not a PNG (no signature)")
    at = len(SIGNATURE)
    while at + 12 <= len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if len(body) != length:
            raise PNGError(f"chunk {kind!r} is cut short")
        (crc,) = struct.unpack(">I", data[at + 8 + length:at + 12 + length])
        if zlib.crc32(kind + body) & 0xFFFFFFFF != crc:
            raise PNGError(f"chunk {kind!r} fails its CRC")
        yield kind, body
        if kind == b"IEND":
            return
        at += 12 + length
    raise PNGError("no IEND chunk")


def unfilter(raw, height, stride, bpp):
    """The scanlines of `raw` with their filters (0-4) undone, as one bytearray."""
    out = bytearray(height * stride)
    prior = bytearray(stride)
    masks = {}
    at = 0
    for y in range(height):
        kind = raw[at]
        line = bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        if len(line) != stride:
            raise PNGError("image data is cut short")
        if kind == 1:
            for c in range(bpp):
                line[c::bpp] = bytes(accumulate(line[c::bpp], lambda a, b: (a + b) & 0xFF))
        elif kind == 2:
            # Up, every byte at once: bytewise addition mod 256 on the row as one integer (the
            # low 7 bits added without carry across bytes, the top bit by exclusive or).
            if stride not in masks:
                masks[stride] = (int.from_bytes(b"\x7f" * stride, "big"), int.from_bytes(b"\x80" * stride, "big"))
            low, high = masks[stride]
            a, b = int.from_bytes(line, "big"), int.from_bytes(prior, "big")
            line = bytearray((((a & low) + (b & low)) ^ ((a ^ b) & high)).to_bytes(stride, "big"))
        elif kind == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prior[i]) >> 1)) & 0xFF
        elif kind == 4:
            for i in range(min(bpp, stride)):  # left and upper left are 0: the predictor is up
                line[i] = (line[i] + prior[i]) & 0xFF
            for i in range(bpp, stride):
                a, b, c = line[i - bpp], prior[i], prior[i - bpp]
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        elif kind != 0:
            raise PNGError(f"unknown filter {kind} on row {y}")
        out[y * stride:(y + 1) * stride] = line
        prior = line
    return out


def read_png(data):
    """Decodes PNG bytes (an APNG's default image) into an Image."""
    header, palette, transparency, idat = None, None, None, []
    for kind, body in chunks(bytes(data)):
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"PLTE":
            palette = body
        elif kind == b"tRNS":
            transparency = body
        elif kind == b"IDAT":
            idat.append(body)
    if header is None:
        raise PNGError("no IHDR chunk")
    width, height, depth, colour, _, _, interlace = header
    if depth != 8:
        raise PNGError(f"bit depth {depth}: this reader reads 8-bit images only")
    if interlace:
        raise PNGError("interlaced images are not read")
    if colour not in CHANNELS:
        raise PNGError(f"unknown colour type {colour}")
    if colour == 3 and palette is None:
        raise PNGError("palette image without PLTE")
    channels = CHANNELS[colour]
    try:
        raw = zlib.decompress(b"".join(idat))
    except zlib.error as error:
        raise PNGError(f"image data does not inflate: {error}") from None
    samples = unfilter(raw, height, width * channels, channels)
    return Image(width, height, to_rgba(samples, width * height, colour, palette, transparency))


def to_rgba(samples, count, colour, palette, transparency):
    """Expands decoded samples of colour type `colour` to RGBA."""
    if colour == 6:
        return samples
    rgba = bytearray(count * 4)
    if colour == 2:
        key = struct.unpack(">HHH", transparency) if transparency and len(transparency) == 6 else None
        rgba[0::4], rgba[1::4], rgba[2::4] = samples[0::3], samples[1::3], samples[2::3]
        rgba[3::4] = b"\xff" * count
        if key:
            for i in range(count):
                if tuple(samples[i * 3:i * 3 + 3]) == key:
                    rgba[i * 4 + 3] = 0
    elif colour == 0:
        key = struct.unpack(">H", transparency)[0] if transparency and len(transparency) == 2 else None
        rgba[0::4] = rgba[1::4] = rgba[2::4] = samples
        rgba[3::4] = bytes(0 if key is not None and v == key else 255 for v in samples)
    elif colour == 4:
        rgba[0::4] = rgba[1::4] = rgba[2::4] = samples[0::2]
        rgba[3::4] = samples[1::2]
    else:  # palette
        alphas = transparency or b""
        table = [bytes(palette[i * 3:i * 3 + 3]) + bytes([alphas[i] if i < len(alphas) else 255])
                 for i in range(len(palette) // 3)]
        try:
            rgba = bytearray(b"".join(table[v] for v in samples))
        except IndexError:
            raise PNGError("palette index out of range") from None
    return rgba


def write_png(width, height, rgba):
    """PNG bytes of an 8-bit RGBA image (filter 0 on every row)."""
    stride = width * 4
    raw = b"".join(b"\x00" + bytes(rgba[y * stride:(y + 1) * stride]) for y in range(height))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    return (SIGNATURE + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))
