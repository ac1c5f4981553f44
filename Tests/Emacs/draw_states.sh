#!/bin/sh
# The Emacs front end's drawing against the conformance kit (Protocol/PROTOCOL.md, "Prove your
# front end"): collect.py writes the kit's states from the engine, an `emacs --batch` script
# (draw_states.el) draws each with scenery-svg-render at its scale and scene clock, rsvg-convert
# rasterises each SVG at the state's device size over white (as Clients/js/test_screenshot.mjs
# does), and check.py judges every probe.
#   Tests/Emacs/draw_states.sh [--scenery BIN] [--keep DIR] [--only SUBSTRING]
# BIN defaults to $SCENERY_BIN, else .build/release/scenery. Prints check.py's report, the score
# and the times. Exit 0 when every probe of every state passes, 1 when one fails or a step
# fails, 3 without emacs or rsvg-convert.
set -eu
repo=$(cd "$(dirname "$0")/../.." && pwd)
binary=${SCENERY_BIN:-$repo/.build/release/scenery}
keep=""
only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --scenery) binary=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    *) echo "usage: $0 [--scenery BIN] [--keep DIR] [--only SUBSTRING]" >&2; exit 2 ;;
  esac
done
for tool in emacs rsvg-convert python3; do
  command -v "$tool" >/dev/null 2>&1 || { echo "no $tool: apt-get install -y emacs-gtk librsvg2-bin python3" >&2; exit 3; }
done
if [ -n "$keep" ]; then scratch=$keep; mkdir -p "$scratch"; else scratch=$(mktemp -d "${TMPDIR:-/tmp}/scenery-emacs-XXXXXX"); fi
cleanup() { [ -n "$keep" ] || rm -rf "$scratch"; }
trap cleanup EXIT
rm -rf "$scratch/states" "$scratch/svg" "$scratch/renders"
mkdir -p "$scratch/renders"
now() { date +%s.%N; }
elapsed() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$1" "$2"; }

t0=$(now)
if [ -n "$only" ]; then
  python3 "$repo/Protocol/conformance/collect.py" --scenery "$binary" --out "$scratch/states" --only "$only"
else
  python3 "$repo/Protocol/conformance/collect.py" --scenery "$binary" --out "$scratch/states"
fi
t1=$(now)
emacs --batch -Q -L "$repo/Clients/emacs" -l "$repo/Tests/Emacs/draw_states.el" "$scratch/states" "$scratch/svg" > "$scratch/sizes.txt"
t2=$(now)
count=0
while read -r name width height; do
  rsvg-convert -w "$width" -h "$height" -b '#FFFFFF' -o "$scratch/renders/$name.png" "$scratch/svg/$name.svg"
  count=$((count + 1))
done < "$scratch/sizes.txt"
t3=$(now)
[ "$count" -gt 0 ] || { echo "no state was drawn" >&2; exit 1; }
status=0
python3 "$repo/Protocol/conformance/check.py" --states "$scratch/states" --renders "$scratch/renders" --max-failures 400 \
  > "$scratch/check.txt" || status=$?
t4=$(now)
cat "$scratch/check.txt"
score=$(grep -o '[0-9]* of [0-9]* probes pass' "$scratch/check.txt" | tail -1)
echo "Emacs SVG: $score over $count states (collect $(elapsed "$t0" "$t1") s, emacs $(elapsed "$t1" "$t2") s, rsvg-convert $(elapsed "$t2" "$t3") s, check $(elapsed "$t3" "$t4") s)"
if [ "$status" -ne 0 ] || [ -z "$score" ]; then
  echo "check.py: status $status" >&2
  exit 1
fi
