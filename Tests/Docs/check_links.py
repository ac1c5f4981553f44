#!/usr/bin/env python3
"""Every relative link in the README and the guides names a file or folder that exists, and every
``#anchor`` names a heading of the page it points into (GitHub's anchors: lower case, punctuation
dropped, spaces as hyphens, ``-1``, ``-2`` for repeats). Links to other sites are not followed.

    python3 Tests/Docs/check_links.py                  # README.md and Docs/*.md
    python3 Tests/Docs/check_links.py FILE.md ...      # those files instead

Prints each broken link as FILE:LINE: TARGET: why, and exits 1 when there is one.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from urllib.parse import unquote

REPO = Path(__file__).resolve().parents[2]
LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^\s*(```|~~~)")
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")


def prose_lines(text: str) -> list[tuple[int, str]]:
    """The lines outside fenced code blocks, numbered from 1."""
    lines, fenced = [], False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced:
            lines.append((number, line))
    return lines


def slug(heading: str) -> str:
    text = re.sub(r"[`*_]|<[^>]+>", "", heading).strip().lower()
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    found: set[str] = set()
    seen: dict[str, int] = {}
    for _, line in prose_lines(path.read_text()):
        heading = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if heading:
            base = slug(heading.group(1))
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
    return found


def broken(page: Path) -> list[str]:
    problems = []
    for number, line in prose_lines(page.read_text()):
        for match in LINK.finditer(CODE_SPAN.sub("", line)):
            target = match.group(1)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
                continue  # another site (https:, mailto:)
            path_part, _, anchor = target.partition("#")
            where = (page.parent / unquote(path_part)).resolve() if path_part else page
            why = None
            if not where.exists():
                why = "no such file or folder"
            elif anchor:
                if where.suffix != ".md":
                    why = "an anchor into a file that is not markdown"
                elif anchor not in anchors(where):
                    why = f"no heading with the anchor #{anchor} in {where.relative_to(REPO)}"
            if why:
                problems.append(f"{page.relative_to(REPO)}:{number}: {target}: {why}")
    return problems


def main(argv: list[str]) -> int:
    pages = [Path(a).resolve() for a in argv] or [REPO / "README.md", *sorted((REPO / "Docs").glob("*.md"))]
    problems = [p for page in pages for p in broken(page)]
    print("\n".join(problems) if problems else f"{len(pages)} pages: every relative link resolves")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
