#!/usr/bin/env python3
"""Generate Directory scene data files of any size.

    python3 Examples/generators/directory_data.py --people N --events M --out DIR [--seed S]

Writes ``DIR/people.json`` and ``DIR/events.json`` in the shape of the GoTest seed data:

    people.json  [{"firstName": str, "lastName": str|null, "age": int|null, "profilePicture": str|null}, ...]
    events.json  [{"date": "2018-09-27T05:44:55Z", "name": str}, ...]

Names are built from syllable lists, so any count is possible; some carry diacritics (É, Ø, Å,
...), some people have no last name (they sort by first name), a few names start with a digit
(they land under "#"). Pictures are null or ``https://example.invalid/N.png`` (a host that never
resolves, so with the network on or off a load fails without depending on the outside world).
The output depends only on the seed and the counts (Python 3 stdlib only); 100k people take
about a second.
"""

import argparse
import json
import os
import random
import sys

# Syllables; the first list starts a name, the others continue it. A few carry diacritics.
ONSETS = ["Ba", "Be", "Bo", "Ca", "Cla", "Da", "De", "Do", "El", "Fa", "Fe", "Ga", "Gi", "Ha", "He", "Hu",
          "Ja", "Jo", "Ka", "Ke", "Ki", "La", "Le", "Li", "Lu", "Ma", "Me", "Mi", "Mo", "Na", "Ne", "No",
          "Pa", "Pe", "Pi", "Qui", "Ra", "Re", "Ri", "Ro", "Sa", "Se", "Si", "So", "Ta", "Te", "To", "Tu",
          "Ul", "Va", "Ve", "Vi", "Wa", "We", "Xa", "Ya", "Yo", "Za", "Ze", "Zo", "An", "Ar", "Ed", "Il",
          "Ol", "Ur", "Ir", "Os"]
ACCENTED_ONSETS = ["Él", "Éri", "Ém", "Øy", "Øs", "Ør", "Ås", "Ån", "Åke", "Ís", "Ül", "Çe", "Ñu", "Šte", "Đu", "Žo"]
MIDDLES = ["la", "ri", "na", "te", "mo", "li", "sa", "ve", "do", "ra", "ne", "ko", "mi", "lu", "be", "ta",
           "ré", "nø", "lå", "sé", "ñe", "rö", "çi"]
ENDINGS = ["", "n", "r", "s", "th", "l", "x", "nd", "tte", "ck", "ll", "ssen", "son", "ez", "ard", "ine",
           "ó", "é", "sen", "berg", "ström", "gaard"]
FIRST_ENDINGS = ["", "", "n", "a", "o", "e", "i", "y", "l", "r", "s", "ie", "ine"]
EVENT_WORDS = ["Document", "Review", "Multilingual", "Turf", "Pain", "Management", "Strategy", "Kanban",
               "Design", "Sprint", "Quarterly", "Offsite", "Hackathon", "Board", "Meeting", "Launch", "Party",
               "Retrospective", "Town", "Hall", "Demo", "Day", "Information", "Technology", "Mergers",
               "Acquisitions", "Zooarchaeology", "Café", "Fête", "Ørsted", "Åland", "Summit", "Workshop"]

# 2018-03-01T00:00:00Z and a span of about 1.5 years, like the GoTest data.
EPOCH_START = 1519862400
SPAN_SECONDS = 550 * 86400


def make_name(rng, onsets_weight_accented, endings):
    if rng.random() < onsets_weight_accented:
        name = rng.choice(ACCENTED_ONSETS)
    else:
        name = rng.choice(ONSETS)
    for _ in range(rng.randrange(0, 3)):
        name += rng.choice(MIDDLES)
    return name + rng.choice(endings)


def people(count, rng):
    out = []
    for i in range(count):
        r = rng.random()
        if r < 0.003:
            first = str(rng.randrange(1, 100))  # sorts under "#"
        else:
            first = make_name(rng, 0.06, FIRST_ENDINGS)
        last = None if rng.random() < 0.2 else make_name(rng, 0.08, ENDINGS)
        age = None if rng.random() < 0.15 else rng.randrange(1, 100)
        picture = None if rng.random() < 0.3 else f"https://example.invalid/{i}.png"
        out.append((first, last, age, picture))
    return out


def events(count, rng):
    out = []
    for i in range(count):
        words = rng.randrange(1, 4)
        name = " ".join(rng.choice(EVENT_WORDS) for _ in range(words))
        out.append((EPOCH_START + rng.randrange(SPAN_SECONDS), name))
    return out


def iso(seconds):
    # Days-from-civil inverse (Howard Hinnant), so no datetime/time zone is involved.
    days, rem = divmod(seconds, 86400)
    z = days + 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    y = yoe + era * 400
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    if m <= 2:
        y += 1
    hh, rem = divmod(rem, 3600)
    mm, ss = divmod(rem, 60)
    return f"{y:04d}-{m:02d}-{d:02d}T{hh:02d}:{mm:02d}:{ss:02d}Z"


def dumps(value):
    return "null" if value is None else json.dumps(value, ensure_ascii=False)


def write_people(path, rows):
    # Same layout as the seed files (two-space indent), written directly: json.dump with indent
    # uses the slow pure-Python encoder.
    parts = []
    for first, last, age, picture in rows:
        parts.append('  {\n    "firstName": %s,\n    "lastName": %s,\n    "age": %s,\n    "profilePicture": %s\n  }'
                     % (dumps(first), dumps(last), dumps(age), dumps(picture)))
    write_array(path, parts)


def write_events(path, rows):
    parts = ['  {\n    "date": "%s",\n    "name": %s\n  }' % (iso(date), dumps(name)) for date, name in rows]
    write_array(path, parts)


def write_array(path, parts):
    text = "[\n" + ",\n".join(parts) + "\n]\n" if parts else "[]\n"
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


def generate(out, people_count, events_count, seed=1):
    """Writes the two files into `out` and returns their paths (people, events)."""
    os.makedirs(out, exist_ok=True)
    # Separate streams, so the people do not change when only the event count does.
    people_rows = people(people_count, random.Random(f"people/{seed}"))
    event_rows = events(events_count, random.Random(f"events/{seed}"))
    people_path = os.path.join(out, "people.json")
    events_path = os.path.join(out, "events.json")
    write_people(people_path, people_rows)
    write_events(events_path, event_rows)
    return people_path, events_path


def main(argv=None):
    parser = argparse.ArgumentParser(description="Generate people.json and events.json for the Directory scene.")
    parser.add_argument("--people", type=int, required=True, help="number of people")
    parser.add_argument("--events", type=int, required=True, help="number of events")
    parser.add_argument("--out", required=True, help="output folder (created if missing)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    args = parser.parse_args(argv)
    if args.people < 0 or args.events < 0:
        parser.error("counts must not be negative")
    people_path, events_path = generate(args.out, args.people, args.events, args.seed)
    print(f"wrote {people_path} ({args.people} people) and {events_path} ({args.events} events)", file=sys.stderr)


if __name__ == "__main__":
    main()
