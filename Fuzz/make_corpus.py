#!/usr/bin/env python3
"""Write the seed corpora of the fuzz targets into a folder (default Fuzz/corpus).

    python3 Fuzz/make_corpus.py [OUT_DIR]

- json, request: every request line of the golden transcripts (Tests/Transcripts/**) and of the
  example sessions (Examples/sessions/*.ndjson), one file each, and the JSON fixtures.
- session: per transcript, a first byte choosing the scene it opens, a second choosing the
  viewport, then its request lines after scene.open (the check sends initialize and scene.open).
- zip: the hostile-archive corpus (Tests/HooSceneTests/Corpus/make_hostile_archives.py), its
  archives up to 256 KiB, and small generated sets (Examples/generators/hoo_sets.py).

Python 3 standard library only; the output is the same on every run.
"""

import glob
import json
import os
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCENES = ["directory", "hoo", "exhibition", "shelf", "photos"]  # Engine.sceneNames, in order


def request_lines(path):
    lines = []
    with open(path, "rb") as f:
        for raw in f:
            raw = raw.rstrip(b"\n")
            if path.endswith(".transcript"):
                if raw.startswith(b"> "):
                    lines.append(raw[2:])
            elif raw.strip():
                lines.append(raw)
    return lines


def write(folder, name, data):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPO, "Fuzz", "corpus")
    sources = sorted(glob.glob(os.path.join(REPO, "Tests", "Transcripts", "**", "*.transcript"), recursive=True))
    sources += sorted(glob.glob(os.path.join(REPO, "Examples", "sessions", "*.ndjson")))
    count = 0
    for source in sources:
        lines = request_lines(source)
        stem = os.path.relpath(source, REPO).replace(os.sep, "_")
        for number, line in enumerate(lines):
            if len(line) > 4096:
                continue
            write(os.path.join(out, "json"), "%s_%03d" % (stem, number), line)
            write(os.path.join(out, "request"), "%s_%03d" % (stem, number), line)
            count += 1
        scene, rest = 0, []
        for line in lines:
            try:
                request = json.loads(line)
            except ValueError:
                rest.append(line)
                continue
            if isinstance(request, dict) and request.get("method") == "scene.open":
                name = (request.get("params") or {}).get("scene")
                scene = SCENES.index(name) if name in SCENES else scene
                rest = []
            elif isinstance(request, dict) and request.get("method") == "initialize":
                continue
            else:
                rest.append(line)
        session = bytes([scene, 0]) + b"\n".join(rest[:48])
        write(os.path.join(out, "session"), stem, session[:65536])
    for fixture in sorted(glob.glob(os.path.join(REPO, "Tests", "Fixtures", "*.json"))):
        with open(fixture, "rb") as f:
            write(os.path.join(out, "json"), "fixture_" + os.path.basename(fixture), f.read())
    with tempfile.TemporaryDirectory() as temp:
        subprocess.run([sys.executable, os.path.join(REPO, "Tests", "HooSceneTests", "Corpus", "make_hostile_archives.py"), temp],
                       check=True, stdout=subprocess.DEVNULL)
        subprocess.run([sys.executable, os.path.join(REPO, "Examples", "generators", "hoo_sets.py"), "--sets", "2", "--hoos", "2",
                        "--macosx", "--out", os.path.join(temp, "generated")], check=True, stdout=subprocess.DEVNULL)
        for archive in sorted(glob.glob(os.path.join(temp, "*.zip")) + glob.glob(os.path.join(temp, "generated", "*.zip"))):
            if os.path.getsize(archive) <= 256 << 10:
                with open(archive, "rb") as f:
                    write(os.path.join(out, "zip"), os.path.relpath(archive, temp).replace(os.sep, "_"), f.read())
    print("corpus written to %s (%d request lines)" % (out, count), file=sys.stderr)


if __name__ == "__main__":
    main()
