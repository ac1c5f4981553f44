"""scenery.render's fault switches: each makes one mistake a front end could make, so the kit's
tests can see whether the kit catches it (Tests/Conformance/test_mutations.py)."""

from __future__ import annotations

FAULTS = {
    "no-text": "draws no text",
    "text-align-ignored": "every text line sits at the left",
    "text-valign-ignored": "every text block sits at the centre of its frame",
    "text-valign-default-top": "a text without verticalAlign sits at the top (the default is centre)",
    "text-lines-ignored": "`lines` ignored: no clamp, no ellipsis",
    "text-rotation-ignored": "static text `rotation` ignored",
    "text-rotation-box-unswapped": "a text turned by 90 is laid out in the frame's width by height",
    "text-unclipped": "text drawn past its frame's edges",
    "text-wrap-ignored": "text never wraps: each paragraph on one line",
    "text-colour-ignored": "every run drawn in black",
    "line-width-ignored": "every stroke 1 point wide",
    "line-caps-square": "strokes end in square caps (half the width past each end)",
    "line-ends-relative": "`from`/`to` taken relative to the frame's origin",
    "hairline-grey": "lines without from/to filled with #DCDCE0 instead of their colour",
    "animation-ignored": "every animation held at its first keyframe",
    "animation-about-centre": "animations turn about the frame's centre, not `anchor`",
    "animation-reversed": "animations turn anticlockwise",
    "animation-no-repeat": "`repeat` ignored: the last keyframe holds after one pass",
    "image-animation-ignored": "images do not turn (shapes do)",
    "backdrop-only": "draws nothing but the backdrop",
    "backdrop-grey": "the backdrop is #F0F0F0",
    "z-ignored": "draw order by id alone",
    "id-order-reversed": "nodes of equal z drawn in reverse id order",
    "content-clip-ignored": "content nodes not clipped to content.frame",
    "content-offset-ignored": "content nodes drawn without offsetY",
    "opacity-ignored": "every node opaque",
    "opacity-squared": "opacity applied twice (0.5 draws as 0.25)",
    "device-scale-ignored": "drawn at scale 1 on the device-sized picture",
    "corner-radius-ignored": "square corners",
    "circle-as-rect": "a circle fills its whole frame",
    "aspect-fill-as-fit": "aspectFill images drawn as aspectFit",
    "content-mode-default-fill": "an image without contentMode stretched (scaleToFill)",
    "image-align-ignored": "aspectFit images always centred",
    "tint-ignored": "template images drawn in their own colours",
    "movie-background-ignored": "a movie's background not drawn",
}
# Faults on one node: "shift:ID:PX" draws node ID PX device pixels right of its frame;
# "recolour:ID:DELTA" draws its background with DELTA added to each channel.
