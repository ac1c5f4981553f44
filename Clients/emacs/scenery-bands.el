;;; scenery-bands.el --- The phone drawn as bands, so that what did not change is not drawn again -*- lexical-binding: t -*-

;; Copyright (C) 2025 The Scenery authors

;; Author: The Scenery authors
;; Keywords: multimedia, tools

;; This file is not part of GNU Emacs.

;;; Commentary:

;; librsvg draws a whole SVG anew each time Emacs loads one, and that is
;; most of what a redraw costs.  So the phone is shown as a stack of
;; images, bands of the screen's full width cut where the content frame
;; begins and ends and round what turns by itself, each an SVG of only
;; the nodes that may draw on its rows.  A band whose SVG is the same
;; text as in the last redraw keeps its image (Emacs's image cache holds
;; its pixels): during a scroll only the content's band is drawn, while
;; the ring turns only the ring's.  The cuts are at whole window pixels,
;; so that the stack shows the same pixels as the one image would.

;;; Code:

(require 'seq)
(require 'scenery-svg)
(require 'scenery-sheet)

(defvar scenery-bands--shown nil
  "The bands last made: a list of (SVG . IMAGE).")

(defun scenery-bands--turning (state)
  "The ids of STATE's nodes with a declared animation."
  (let ((nodes (scenery-svg--get (scenery-svg--get state "display") "nodes")) (ids nil))
    (when (hash-table-p nodes)
      (maphash (lambda (id node) (when (scenery-svg--get node "animation") (push id ids))) nodes))
    ids))

(defun scenery-bands-cuts (state picture scale least)
  "Where to cut the screen of STATE drawn as PICTURE: rows, in points.
A sorted list from 0 to the screen's height: the content frame's top
and bottom and the rows a turning node sweeps, each at a whole pixel at
SCALE pixels a point (the first row of a span down, its last up), and
no band less than LEAST pixels high (a line of the buffer is no lower
than its font)."
  (pcase-let* ((`(,_ ,height ,_ ,fragments) picture)
               (content (scenery-svg-content state))
               (turning (scenery-bands--turning state))
               (spans (append (and content (pcase-let ((`(,_ ,y ,_ ,h) (scenery-svg--frame content)))
                                             (list (cons y (+ y h)))))
                              (mapcan (lambda (f) (and (member (car f) turning) (list (nth 1 f)))) fragments)))
               (rows (mapcan (lambda (span) (list (/ (ffloor (float (* (car span) scale))) scale)
                                                  (/ (fceiling (float (* (cdr span) scale))) scale)))
                             spans))
               (cuts (list 0)))
    (dolist (row (sort rows #'<))
      (when (and (>= (* (- row (car cuts)) scale) least) (>= (* (- height row) scale) least))
        (push row cuts)))
    (nreverse (cons height cuts))))

(defun scenery-bands-svgs (state picture scale least &optional assets)
  "The bands of STATE drawn as PICTURE at SCALE: a list of (TOP . SVG).
TOP in points; LEAST is as `scenery-bands-cuts' takes it.  The content's
band may instead be bands of `scenery-sheet-band' (drawn with ASSETS,
the assets): (TOP . PIECES) and a strip above it."
  (let ((cuts (scenery-bands-cuts state picture scale least)))
    (apply #'append
           (seq-mapn (lambda (top bottom)
                       (or (scenery-sheet-band state picture assets scale top bottom least)
                           (list (cons top (scenery-svg-write picture scale top bottom)))))
                     cuts (cdr cuts)))))

(defun scenery-bands--image (svg base-uri made)
  "The image of SVG, the last call's if it had one, noted in MADE.
MADE is a list (CELL) of the (SVG . IMAGE) made so far; BASE-URI as
`scenery-bands-images' takes it."
  (or (cdr (assoc svg (car made)))
      (let ((image (or (cdr (assoc svg scenery-bands--shown))
                       (apply #'create-image svg 'svg t :scale 1.0 :ascent 'center
                              (and base-uri (list :base-uri base-uri))))))
        (push (cons svg image) (car made))
        image)))

(defun scenery-bands-images (svgs base-uri)
  "The images of SVGS, a list of (TOP . SVG), as a list of (TOP . IMAGE).
A band whose SVG is one of the last call's keeps its image; the images
of the last call not kept are flushed from Emacs's image cache.  The
images are drawn at :scale 1 (their size is their SVG's) with BASE-URI,
nil or a file whose folder holds the pictures the SVGs name.  A band of
pieces (SVG X Y WIDTH HEIGHT) becomes (TOP . ((IMAGE X Y WIDTH HEIGHT) ...))."
  (let* ((made (list nil))
         (images (mapcar (lambda (band)
                           (cons (car band)
                                 (if (stringp (cdr band))
                                     (scenery-bands--image (cdr band) base-uri made)
                                   (mapcar (lambda (piece)
                                             (cons (scenery-bands--image (car piece) base-uri made) (cdr piece)))
                                           (cdr band)))))
                         svgs)))
    (dolist (old scenery-bands--shown)
      (unless (or (rassq (cdr old) (car made)) (not (display-graphic-p)))
        (image-flush (cdr old) t)))
    (setq scenery-bands--shown (car made))
    images))

(defun scenery-bands--pieces (band)
  "The pieces of BAND, a (TOP . IMAGE) or (TOP . PIECES): ((IMAGE . SLICE) ...).
SLICE is nil (the whole image) or (X Y WIDTH HEIGHT) in pixels."
  (if (eq (car-safe (cdr band)) 'image)
      (list (list (cdr band)))
    (cdr band)))

(defun scenery-bands-insert (images margin scale &rest properties)
  "Insert IMAGES, a list of (TOP . IMAGE) or (TOP . PIECES), a line each.
MARGIN pixels in.  Each image's text has PROPERTIES and
`scenery-band-top', its TOP in window pixels at SCALE, and
`scenery-band-origin', what to add to a position on its image for the
position on the screen in pixels; the first's also `scenery-image' t."
  (let ((first t))
    (dolist (band images)
      (unless first (insert "\n"))
      (insert (propertize " " 'display `(space :width (,margin))))
      (let ((top (round (* (car band) scale))) (left 0))
        (dolist (piece (scenery-bands--pieces band))
          (pcase-let ((`(,image ,x ,y ,width) piece))
            (insert (apply #'propertize "*" 'display (if x (list (list 'slice x y width (nth 4 piece)) image) image)
                           'scenery-band-top top 'scenery-band-origin (cons (- left (or x 0)) (- top (or y 0)))
                           (append (and first '(scenery-image t)) properties)))
            (setq first nil left (+ left (or width 0)))))))))

(defun scenery-bands-size (images)
  "The size (WIDTH . HEIGHT) in pixels of IMAGES stacked.
IMAGES as `scenery-bands-insert' takes them."
  (let ((sizes (mapcar (lambda (band)
                         (let ((pieces (scenery-bands--pieces band)))
                           (if (cdr (car pieces))
                               (cons (apply #'+ (mapcar (lambda (piece) (nth 3 piece)) pieces)) (nth 4 (car pieces)))
                             (image-size (car (car pieces)) t))))
                       images)))
    (cons (apply #'max 0 (mapcar #'car sizes)) (apply #'+ (mapcar #'cdr sizes)))))

(provide 'scenery-bands)

;;; scenery-bands.el ends here
