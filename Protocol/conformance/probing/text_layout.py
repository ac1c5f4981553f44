"""What any font makes of a text: each character's least and most advance, greedy wrapping at
either, and where a one-line text's ink surely is."""


def char_width(ch):
    """(least, most) advance of a character in em, over the fonts a front end may draw with (the
    engine's 0.5 em average, SF, DejaVu, Liberation and their narrow and bold faces)."""
    if ch.isspace():
        return 0.2, 0.4
    if ch in "iIjJl!|.,:;'`":
        return 0.12, 0.45
    if ch in "ftr()[]{}-/\"":
        return 0.2, 0.6
    if ch in "mwMW@%&":
        return 0.55, 1.05
    if ord(ch) >= 0x2E80:
        return 0.8, 1.1
    if ch.isupper():
        return 0.45, 0.9
    if ch.isdigit():
        return 0.4, 0.7
    if ch.isalpha() and ord(ch) < 0x250:
        return 0.3, 0.72
    return 0.2, 1.1


MONOSPACED = ("mono", "courier", "menlo", "consol")


def run_pieces(runs, fallback):
    """The paragraph as (character, least, most width in points) triples."""
    pieces = []
    for run in runs:
        size = float(run.get("size", 17))
        bold = 1.1 if run.get("weight") in ("semibold", "bold") else 1.0
        mono = any(word in (name or "").lower() for name in (run.get("font"), fallback) for word in MONOSPACED)
        for ch in str(run.get("text", "")):
            lo, hi = char_width(ch)
            if mono:
                hi = max(hi, 0.65)
            pieces.append((ch, lo * size, hi * size * bold))
    return pieces


def wrapped_lines(pieces, width, which):
    """Lines of a greedy word wrap at `width` with each character's least (which=1) or most
    (which=2) width; None when a word alone is wider than the line (where it breaks is not fixed)."""
    words, word, spaces = [], [0.0, 0.0], []
    for ch, lo, hi in pieces:
        if ch.isspace():
            if word != [0.0, 0.0]:
                words.append(word)
            word = [0.0, 0.0]
            spaces.append(len(words))
            words.append(("space", lo, hi))
        else:
            word[0] += lo
            word[1] += hi
    if word != [0.0, 0.0]:
        words.append(word)
    lines, used = 1, 0.0
    started = False
    for item in words:
        if isinstance(item, tuple):
            used += item[which]
            continue
        w = item[which - 1]
        if w > width:
            return None
        if started and used + w > width:
            lines += 1
            used = w
        else:
            used += w
        started = True
    return lines


def expected_span(align, width, least, most):
    """Where a one-line text's first `least` points of ink surely are, as `align` places it."""
    if align == "right":
        return width - least, width
    if align == "center":
        return (width - least) / 2, (width + least) / 2
    return 0, least
