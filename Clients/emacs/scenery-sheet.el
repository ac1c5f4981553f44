;;; scenery-sheet.el --- The content band shown as a slice of one drawing of the content -*- lexical-binding: t -*-

;; Copyright (C) 2025 The Scenery authors

;; Author: The Scenery authors
;; Keywords: multimedia, tools

;; This file is not part of GNU Emacs.

;;; Commentary:

;; A scroll moves every content node, so the content's band is a new
;; SVG on every frame, and librsvg lays out all its texts again.  The
;; content nodes do not change while they scroll, though: only the
;; content's offset does.  So the content band is shown as a slice
;; (the `slice' display property) of a sheet, one image of the content
;; nodes drawn at their places in the content (not on the screen), as
;; many rows as they cover.  While the same nodes scroll, the sheet is
;; the same SVG text, its image is Emacs's cached pixels, and a frame
;; only shows other rows of it.
;;
;; What the screen layer draws over those rows (a section index, say)
;; is drawn in a column of its own, an SVG of only those columns, and
;; the sheet is shown beside it, sliced.  A white rect under the whole
;; band (the backdrop) is the sheet's own backdrop.  When a screen node
;; turns or the column would be half the width, when the content frame
;; is not at whole pixels or is scrolled above its top, or a content
;; node is animated, the band is drawn as one SVG, as before.
;;
;; Each content node's drawing on the sheet is kept with the node
;; object: the mirror's nodes are never changed in place (a patch makes
;; a new object of what it changes), so the same object with the same
;; content frame and asset draws the same SVG.

;;; Code:

(require 'seq)
(require 'scenery-svg)

(defvar scenery-sheet-enabled t
  "Non-nil: the content band is shown as a slice of the content's sheet.")

(defconst scenery-sheet--epsilon 0.001
  "Overlaps thinner than this many points do not count.")

(defvar scenery-sheet--kept (make-hash-table :test 'eq :weakness 'key)
  "Each content node object's sheet drawing: node -> (KEY . FRAGMENT).")

(defun scenery-sheet--turns-p (node)
  "Non-nil when NODE is animated or statically rotated."
  (let ((rotation (scenery-svg--get (scenery-svg--get node "style") "rotation")))
    (or (scenery-svg--get node "animation") (and (numberp rotation) (/= rotation 0)))))

(defun scenery-sheet--columns (node content)
  "The screen columns (LEFT . RIGHT) NODE may draw on, in points.
CONTENT is `display.content'."
  (pcase-let* ((style (scenery-svg--get node "style"))
               (`(,x ,_ ,w ,_) (scenery-svg-screen-frame node content))
               (from (scenery-svg--get style "from"))
               (to (scenery-svg--get style "to")))
    (if (and from to (equal (scenery-svg--get node "kind") "line"))
        (let ((half (/ (or (scenery-svg--get style "lineWidth") 1) 2.0))
              (dx (if (equal (scenery-svg--get node "layer") "content") (car (scenery-svg--frame content)) 0)))
          (cons (- (+ dx (min (aref from 0) (aref to 0))) half) (+ dx (max (aref from 0) (aref to 0)) half)))
      (cons x (+ x w)))))

(defun scenery-sheet--backdrop-p (node top bottom width)
  "Non-nil when NODE is a plain white rect under all of rows TOP to BOTTOM.
WIDTH is the screen's."
  (pcase-let ((style (scenery-svg--get node "style"))
              (`(,x ,y ,w ,h) (scenery-svg--frame node)))
    (and (equal (scenery-svg--get node "kind") "rect")
         (member (scenery-svg--get style "background") '("#FFFFFF" "#ffffff"))
         (member (or (scenery-svg--get style "opacity") 1) '(1 1.0))
         (not (scenery-svg--get style "cornerRadius"))
         (<= x 0) (>= (+ x w) width) (<= y top) (>= (+ y h) bottom))))

(defun scenery-sheet--overlay (state picture top bottom)
  "The columns (LEFT . RIGHT) the screen layer draws on over rows TOP to BOTTOM.
nil when it draws nothing there; `none' when the band cannot be a
sheet (a turning node, or an animated content node).  STATE and
PICTURE as `scenery-sheet-band' takes them."
  (let ((nodes (scenery-svg--get (scenery-svg--get state "display") "nodes"))
        (content (scenery-svg-content state))
        (width (car picture)) (content-seen nil) (span nil))
    (catch 'done
      (dolist (fragment (nth 3 picture) span)
        (let* ((node (gethash (car fragment) nodes)) (extent (nth 1 fragment))
               (inside (and (> (cdr extent) (+ top scenery-sheet--epsilon))
                            (< (car extent) (- bottom scenery-sheet--epsilon)))))
          (cond ((equal (scenery-svg--get node "layer") "content")
                 (setq content-seen t)
                 (when (scenery-svg--get node "animation") (throw 'done 'none)))
                ((not inside))
                ((scenery-sheet--turns-p node) (throw 'done 'none))
                ((and (not content-seen) (scenery-sheet--backdrop-p node top bottom width)))
                (t (let ((columns (scenery-sheet--columns node content)))
                     (setq span (if span (cons (min (car span) (car columns)) (max (cdr span) (cdr columns)))
                                  columns))))))))))

(defun scenery-sheet--fragment (id node content assets)
  "Node ID, NODE, drawn on the sheet of CONTENT (the sheet's `display.content').
As `scenery-svg--fragment' gives it, kept with NODE.  ASSETS the assets."
  (let* ((id-of-asset (or (scenery-svg--get node "image")
                          (scenery-svg--get (scenery-svg--get node "style") "movie")))
         (asset (and assets id-of-asset (gethash id-of-asset assets)))
         (key (list id (scenery-svg--get content "frame") asset))
         (kept (gethash node scenery-sheet--kept)))
    (if (and kept (equal (car kept) key))
        (cdr kept)
      (let ((fragment (scenery-svg--fragment id node content assets 0)))
        (puthash node (cons key fragment) scenery-sheet--kept)
        fragment))))

(defun scenery-sheet--picture (state picture assets)
  "The sheet of STATE's content nodes, a picture as `scenery-svg-picture''s.
All of them, those out of view too, in the content's coordinates (rows
from 0 down), its columns the screen's.  PICTURE is the screen's,
ASSETS the assets."
  (let* ((nodes (scenery-svg--get (scenery-svg--get state "display") "nodes"))
         (content (scenery-svg-content state))
         (height (or (scenery-svg--get content "height") 0))
         (sheet (make-hash-table :test 'equal)))
    (pcase-let ((`(,cx ,_ ,cw ,_) (scenery-svg--frame content)))
      (puthash "frame" (vector cx 0 cw height) sheet)
      (list (car picture) height
            (let ((scenery-svg--defs nil))
              (scenery-svg--clip-rect "content" cx 0 cw height)
              scenery-svg--defs)
            (delq nil (mapcar (lambda (id)
                                (let ((node (gethash id nodes)))
                                  (and (equal (scenery-svg--get node "layer") "content")
                                       (scenery-sheet--fragment id node sheet assets))))
                              (scenery-svg-draw-order nodes)))))))

(defun scenery-sheet--rows (sheet offset rows scale)
  "The rows (TOP BOTTOM SLICE-Y) of SHEET to draw, in points, and pixels.
OFFSET is the content's scroll offset, ROWS its frame's height, SCALE
pixels a point: TOP is a whole number of pixels above OFFSET, so that
the sheet's pixels are the screen's."
  (let* ((fragments (nth 3 sheet))
         ;; No more than a screen or two beyond the rows shown, in steps of a screen.
         (first (max (apply #'min offset (mapcar (lambda (f) (car (nth 1 f))) fragments))
                     (* rows (floor (- offset rows) rows))))
         (last (min (apply #'max (+ offset rows) (mapcar (lambda (f) (cdr (nth 1 f))) fragments))
                    (* rows (ceiling (+ offset rows rows) rows))))
         (above (ceiling (- (* (- offset first) scale) 1e-6)))
         (top (/ (fround (* 1000 (- offset (/ above (float scale))))) 1000))
         (below (ceiling (- (* (- last top) scale) 1e-6))))
    (list top (+ top (/ below (float scale))) (round (* (- offset top) scale)))))

(defvar scenery-sheet-still nil
  "Non-nil: the content is drawn as a sheet even while it does not move.
nil: a sheet is made only for a content that scrolled since the last
band (a new sheet costs more than the band, and a tap draws the band).")

(defvar scenery-sheet--last nil
  "The sheet last drawn: (SVG TOP BOTTOM SCALE WIDTH DEFS FRAGMENTS).")

(defvar scenery-sheet--offset nil
  "The content's scroll offset at the last band.")

(defun scenery-sheet--seen (fragments from to)
  "The FRAGMENTS that may draw on the content's rows FROM to TO."
  (seq-filter (lambda (f) (and (< (car (nth 1 f)) to) (> (cdr (nth 1 f)) from))) fragments))

(defvar scenery-sheet-strip 64
  "The most rows (points) at the content's top drawn as a band of their own.
Where content nodes changed since the last sheet, so that it is kept:
a section header pinned at the top changes on every frame of a scroll.")

(defun scenery-sheet--changed (old new)
  "The fragments of OLD not in NEW and of NEW not in OLD (the same objects)."
  (append (seq-remove (lambda (f) (memq f new)) old) (seq-remove (lambda (f) (memq f old)) new)))

(defun scenery-sheet--reusable (last sheet offset rows scale least)
  "The pixel rows of a strip over LAST when it can show SHEET's rows, or nil.
LAST is `scenery-sheet--last'; the rows are those from OFFSET to
OFFSET + ROWS, at SCALE, at whole pixels.  0 when its fragments there
are SHEET's (the same objects: a changed node is a new fragment); else
the rows, no fewer than LEAST, from the top to the bottom of those that
differ when that is no more than `scenery-sheet-strip' points."
  (pcase-let ((`(,_ ,top ,bottom ,last-scale ,width ,defs ,fragments) last))
    (when (and last (= scale last-scale) (equal width (car sheet)) (equal defs (nth 2 sheet))
               (<= top offset) (>= bottom (+ offset rows))
               (let ((y (* (- offset top) scale))) (< (abs (- y (fround y))) 1e-3)))
      (let* ((changed (scenery-sheet--changed (scenery-sheet--seen fragments offset (+ offset rows))
                                              (scenery-sheet--seen (nth 3 sheet) offset (+ offset rows))))
             (strip (apply #'max 0 (mapcar (lambda (f) (- (cdr (nth 1 f)) offset)) changed)))
             (pixels (if (> strip 0) (max least (ceiling (- (* strip scale) 1e-6))) 0)))
        (and (<= strip scenery-sheet-strip) (<= pixels (- (* rows scale) least)) pixels)))))

(defun scenery-sheet--drawn (sheet offset rows scale least)
  "The sheet's SVG, the pixel row to show at OFFSET and a strip: (SVG Y STRIP).
The last sheet's when it shows the same there but for STRIP pixel rows
at the top (`scenery-sheet--reusable'); a new one (STRIP 0) when the
content moved (or `scenery-sheet-still'); else nil.  SHEET is
`scenery-sheet--picture''s, ROWS the content frame's height, SCALE
pixels a point, LEAST the fewest pixel rows of a band."
  (let* ((last scenery-sheet--last)
         (moved (not (equal offset scenery-sheet--offset)))
         (strip (scenery-sheet--reusable last sheet offset rows scale least)))
    (setq scenery-sheet--offset offset)
    (cond (strip (list (car last) (round (* (- offset (nth 1 last)) scale)) strip))
          ((or moved scenery-sheet-still)
           (pcase-let* ((`(,top ,bottom ,y) (scenery-sheet--rows sheet offset rows scale))
                        (svg (scenery-svg-write sheet scale top bottom)))
             (setq scenery-sheet--last (list svg top bottom scale (car sheet) (nth 2 sheet) (nth 3 sheet)))
             (list svg y 0))))))

(defun scenery-sheet--pieces (svg y column pixels high)
  "The pieces of a band: SVG's rows from pixel Y beside COLUMN.
COLUMN is (LEFT RIGHT SVG) in pixels, or nil; PIXELS the screen's
width and HIGH the band's height, in pixels."
  (pcase-let ((`(,left ,right ,beside) (or column (list pixels pixels nil))))
    (delq nil (list (and (> left 0) (list svg 0 y left high))
                    (and beside (list beside 0 0 (- right left) high))
                    (and (< right pixels) (list svg right y (- pixels right) high))))))

(defun scenery-sheet--usable (state picture scale top bottom)
  "The columns (LEFT . RIGHT) over STATE's content band TOP to BOTTOM, or t.
t when nothing of the screen layer is drawn there; nil when the band
is not the content frame's at whole pixels at SCALE, or cannot be a
sheet (`scenery-sheet--overlay').  PICTURE is the screen's."
  (let* ((content (scenery-svg-content state))
         (frame (and content (scenery-svg--frame content)))
         (whole (lambda (value) (< (abs (- value (fround value))) 1e-6))))
    (when (and scenery-sheet-enabled frame (>= (or (scenery-svg--get content "offsetY") 0) 0)
               (< (abs (- top (nth 1 frame))) 1e-6) (< (abs (- bottom (+ (nth 1 frame) (nth 3 frame)))) 1e-6)
               (funcall whole (* top scale)) (funcall whole (* bottom scale)))
      (let ((span (scenery-sheet--overlay state picture top bottom)))
        (cond ((null span) t)
              ((and (not (eq span 'none)) (<= (- (cdr span) (car span)) (/ (car picture) 2.0))) span))))))

(defun scenery-sheet-band (state picture assets scale top bottom least)
  "The band of rows TOP to BOTTOM of STATE drawn as PICTURE, as a sheet.
A list of bands, each (TOP . SVG) or (TOP . PIECES), PIECES a list of
pieces side by side, each (SVG X Y WIDTH HEIGHT): the slice of SVG's
image to show, in pixels.  nil when the band is not the content's or
cannot be a sheet.  ASSETS the assets, SCALE pixels a point, LEAST the
fewest pixel rows of a band."
  (let* ((span (scenery-sheet--usable state picture scale top bottom))
         (content (scenery-svg-content state))
         (drawn (and span (scenery-sheet--drawn (scenery-sheet--picture state picture assets)
                                                (or (scenery-svg--get content "offsetY") 0)
                                                (- bottom top) scale least))))
    (when drawn
      (pcase-let* ((`(,svg ,y ,strip) drawn)
                   (split (+ top (/ strip (float scale))))
                   (pixels (round (* (car picture) scale)))
                   (left (if (consp span) (max 0 (floor (* (car span) scale))) pixels))
                   (right (if (consp span) (min pixels (ceiling (* (cdr span) scale))) pixels)))
        (append (and (> strip 0) (list (cons top (scenery-svg-write picture scale top split))))
                (list (cons split (scenery-sheet--pieces
                                   svg (+ y strip)
                                   (and (consp span)
                                        (list left right (scenery-sheet--column state picture scale split bottom left right)))
                                   pixels (round (* (- bottom split) scale))))))))))

(defun scenery-sheet--column (state picture scale top bottom left right)
  "The SVG of PICTURE's rows TOP to BOTTOM, columns LEFT to RIGHT.
TOP and BOTTOM in points, LEFT and RIGHT in pixels.  Only the nodes
of STATE that may draw on those columns; SCALE pixels a point."
  (let* ((nodes (scenery-svg--get (scenery-svg--get state "display") "nodes"))
         (content (scenery-svg-content state))
         (from (/ left (float scale))) (to (/ right (float scale)))
         (near (seq-filter (lambda (fragment)
                             (let ((node (gethash (car fragment) nodes)))
                               (or (scenery-sheet--turns-p node)
                                   (let ((columns (scenery-sheet--columns node content)))
                                     (and (< (car columns) to) (> (cdr columns) from))))))
                           (nth 3 picture))))
    (scenery-svg-write (list (nth 0 picture) (nth 1 picture) (nth 2 picture) near) scale top bottom from to)))

(provide 'scenery-sheet)

;;; scenery-sheet.el ends here
