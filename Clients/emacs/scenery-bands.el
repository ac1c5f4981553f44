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

(defun scenery-bands-svgs (state picture scale least)
  "The bands of STATE drawn as PICTURE at SCALE: a list of (TOP . SVG).
TOP in points; LEAST is as `scenery-bands-cuts' takes it."
  (let ((cuts (scenery-bands-cuts state picture scale least)))
    (seq-mapn (lambda (top bottom) (cons top (scenery-svg-write picture scale top bottom)))
              cuts (cdr cuts))))

(defun scenery-bands-images (svgs base-uri)
  "The images of SVGS, a list of (TOP . SVG), as a list of (TOP . IMAGE).
A band whose SVG is one of the last call's keeps its image; the images
of the last call not kept are flushed from Emacs's image cache.  The
images are drawn at :scale 1 (their size is their SVG's) with BASE-URI,
nil or a file whose folder holds the pictures the SVGs name."
  (let* ((made (mapcar (lambda (band)
                         (let ((old (assoc (cdr band) scenery-bands--shown)))
                           (cons (cdr band)
                                 (or (cdr old)
                                     (apply #'create-image (cdr band) 'svg t :scale 1.0 :ascent 'center
                                            (and base-uri (list :base-uri base-uri)))))))
                       svgs)))
    (dolist (old scenery-bands--shown)
      (unless (or (rassq (cdr old) made) (not (display-graphic-p)))
        (image-flush (cdr old) t)))
    (setq scenery-bands--shown made)
    (seq-mapn (lambda (band image) (cons (car band) (cdr image))) svgs made)))

(defun scenery-bands-insert (images margin scale &rest properties)
  "Insert IMAGES, a list of (TOP . IMAGE), a line each, MARGIN pixels in.
Each image's text has PROPERTIES and `scenery-band-top', its TOP in
window pixels at SCALE; the first's also `scenery-image' t."
  (let ((first t))
    (dolist (band images)
      (unless first (insert "\n"))
      (insert (propertize " " 'display `(space :width (,margin)))
              (apply #'propertize "*" 'display (cdr band) 'scenery-band-top (round (* (car band) scale))
                     (append (and first '(scenery-image t)) properties)))
      (setq first nil))))

(defun scenery-bands-size (images)
  "The size (WIDTH . HEIGHT) in pixels of IMAGES stacked, a list of (TOP . IMAGE)."
  (let ((sizes (mapcar (lambda (band) (image-size (cdr band) t)) images)))
    (cons (apply #'max 0 (mapcar #'car sizes)) (apply #'+ (mapcar #'cdr sizes)))))

(provide 'scenery-bands)

;;; scenery-bands.el ends here
