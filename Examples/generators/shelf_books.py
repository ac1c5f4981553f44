#!/usr/bin/env python3
"""Generate a books file of any size for the Shelf scene, shaped like the Slader brief's
``example_books.json``: ``{"books": [{"title", "isbn", "coverImageUrl:"}]}``.

    python3 Examples/generators/shelf_books.py --books N --out FILE [--seed S] [--covers scenery|none|http]

Titles read like textbooks; ISBNs are 13 digits with a valid check digit; covers are the engine's
drawings (``scenery:shelf.cover.N``, N the subject's place in the engine's sample, so a cover's
mark names its book's subject), none, or https URLs (which fail with
``"network": false``). The key is spelled ``"coverImageUrl:"`` with the colon, as the brief's file
does. The output depends only on the seed and the count. Python 3 standard library only.
"""

import argparse
import json
import random

# The engine's sample subjects, in its order (Sources/ShelfScene/Data/SampleShelf.swift): the
# drawing `shelf.cover.N` shows the mark of subject N.
SUBJECTS = ["Calculus", "Biology", "Organic Chemistry", "Linear Algebra", "Physics", "Statistics", "Microeconomics",
            "Discrete Mathematics", "Genetics", "Psychology", "World History", "Differential Equations", "Astronomy"]
SUBTITLES = ["", ": Early Transcendentals", ": How Life Works", ": A Structured Approach", " for Scientists and Engineers",
             ": Concepts and Contexts", ": An Introduction"]


def isbn13(rng):
    digits = [9, 7, 8] + [rng.randrange(10) for _ in range(9)]
    total = sum(d * (1 if i % 2 == 0 else 3) for i, d in enumerate(digits))
    return "".join(map(str, digits + [(10 - total % 10) % 10]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--books", type=int, required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--covers", choices=["scenery", "none", "http"], default="scenery")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    books = []
    for i in range(args.books):
        subject = rng.randrange(len(SUBJECTS))
        cover = {"scenery": "scenery:shelf.cover.%d" % (subject + 1), "none": "",
                 "http": "https://covers.example/%d.jpg" % i}[args.covers]
        books.append({"title": SUBJECTS[subject] + rng.choice(SUBTITLES), "isbn": isbn13(rng), "coverImageUrl:": cover})
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump({"books": books}, f, indent=1)


if __name__ == "__main__":
    main()
