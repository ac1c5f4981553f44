"""The parts of probes.py, the conformance kit's pixel probes, by concern:

    basics.py       the tolerances and margins, colours, a rect's signed distance, a rotation now
    decoded.py      an asset's decoded pixels (what an image shows around a source pixel)
    node.py         a node as drawn: its place, turn and clip on screen, its shape and paint
    scene.py        a state's nodes in draw order; the colour a screen point composites to
    collector.py    Probes (one per device pixel, with the node and rule that decide it)
    text_layout.py  text widths bounded per character for any font, greedy wrapping
    text.py         a text node's probes: ink, clip, align, verticalAlign, lines, ellipsis
    edges.py        straight edges just inside and outside, and ink across thin lines
    images.py       `image.turn`: where a turning image's detail lies now
    shapes.py       every probe of one node (fills, lines, corners, circles, images, the clip)

Standard library only. The kit's folder (Protocol/conformance) is on the path whenever probes.py
is (run as a script from any folder, or imported by check.py), so `png` is imported by name.
"""
