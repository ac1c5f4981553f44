;;; scenery-bands-tests.el --- Tests of scenery-bands.el -*- lexical-binding: t -*-

;;; Commentary:

;; The phone as bands: where it is cut, which nodes each band's SVG
;; holds, and that a band is drawn again exactly when something on its
;; rows changed (a new image), else keeps its image.  That the stack
;; shows the same pixels as one image is proven under X by
;; Tests/Emacs/test_emacs_x.py (the kit's 41 states drawn as bands).

;;; Code:

(require 'ert)
(require 'scenery-bands)
(require 'scenery-svg-tests)

(defconst scenery-bands-tests--nodes
  "{\"bar\":{\"id\":\"bar\",\"kind\":\"rect\",\"layer\":\"screen\",\"frame\":[0,0,375,140],\"z\":10,\"style\":{\"background\":\"%s\"}},
    \"tabs\":{\"id\":\"tabs\",\"kind\":\"rect\",\"layer\":\"screen\",\"frame\":[0,729,375,83],\"z\":10,\"style\":{\"background\":\"#F7F7F7\"}},
    \"row\":{\"id\":\"row\",\"kind\":\"rect\",\"layer\":\"content\",\"frame\":[0,%s,375,44],\"style\":{\"background\":\"#00FF00\"}},
    \"ring\":{\"id\":\"ring\",\"kind\":\"circle\",\"layer\":\"screen\",\"frame\":[100,300,100,100],\"z\":5,\"style\":{\"background\":\"#FF0000\"},
            \"animation\":{\"property\":\"rotation\",\"keyframes\":[0,360],\"durationMs\":1000,\"startMs\":0,\"repeat\":true}}}"
  "A bar, a tab bar, a content row at a given y and a turning ring; the bar's colour given.")

(defun scenery-bands-tests--state (bar-colour row-y &optional offset)
  "The state with the bar BAR-COLOUR, the row at ROW-Y, the content scrolled by OFFSET."
  (scenery-svg-tests--state (format scenery-bands-tests--nodes bar-colour row-y)
                            (format "{\"frame\":[0,140,375,589],\"width\":375,\"height\":3000,\"offsetY\":%s}"
                                    (or offset 0))))

(defun scenery-bands-tests--svgs (state &optional scale)
  "STATE's bands at SCALE (default 1): a list of (TOP . SVG)."
  (scenery-bands-svgs state (scenery-svg-picture state nil 250) (or scale 1) 10))

(defun scenery-bands-tests--holds (svg id)
  "Whether SVG draws node ID."
  (and (string-match-p (regexp-quote (format "<!-- %s -->" id)) svg) t))

(ert-deftest scenery-bands-cuts ()
  (let ((state (scenery-bands-tests--state "#FFFFFF" 0)))
    ;; The content frame's top and bottom, and round the ring's sweep (the circle of its
    ;; frame's corners: 50 * sqrt 2 = 70.7 from its centre at 350).
    (should (equal (scenery-bands-cuts state (scenery-svg-picture state nil 0) 1 10)
                   '(0 140.0 279.0 421.0 729.0 812)))
    ;; At 3 pixels a point, at whole pixels: 279.29 rounded down, 420.71 up.
    (should (equal (scenery-bands-cuts state (scenery-svg-picture state nil 0) 3 10)
                   (list 0 140.0 (/ 837.0 3) (/ 1263.0 3) 729.0 812)))
    ;; No band lower than the least height: each cut too near the one before or the
    ;; bottom goes.
    (should (equal (scenery-bands-cuts state (scenery-svg-picture state nil 0) 1 200)
                   '(0 279.0 812)))))

(ert-deftest scenery-bands-each-node-in-its-bands ()
  (let* ((svgs (scenery-bands-tests--svgs (scenery-bands-tests--state "#FFFFFF" 100)))
         (holding (lambda (id) (mapcar #'car (seq-filter (lambda (band) (scenery-bands-tests--holds (cdr band) id)) svgs)))))
    (should (equal (mapcar #'car svgs) '(0 140.0 279.0 421.0 729.0)))
    (should (equal (funcall holding "bar") '(0)))
    (should (equal (funcall holding "tabs") '(729.0)))
    ;; The row, at 240 to 284 on the screen, clipped to the content frame.
    (should (equal (funcall holding "row") '(140.0 279.0)))
    (should (equal (funcall holding "ring") '(279.0)))
    ;; Each band is its rows of the whole picture, at its own size.
    (should (string-match-p "width=\"375\" height=\"139\" viewBox=\"0 140.0 375 139.0\"" (cdr (nth 1 svgs))))))

(ert-deftest scenery-bands-scroll-redraws-the-content-only ()
  (let ((before (scenery-bands-tests--svgs (scenery-bands-tests--state "#FFFFFF" 100)))
        (after (scenery-bands-tests--svgs (scenery-bands-tests--state "#FFFFFF" 100 30))))
    (should (equal (mapcar #'car before) (mapcar #'car after)))
    (should (equal (mapcar (lambda (pair) (equal (cdr (car pair)) (cdr (cdr pair))))
                           (seq-mapn #'cons before after))
                   '(t nil nil t t)))))

(ert-deftest scenery-bands-a-changed-node-is-drawn-again ()
  (let* ((scenery-bands--shown nil)
         (first (scenery-bands-images (scenery-bands-tests--svgs (scenery-bands-tests--state "#FFFFFF" 100)) nil))
         (same (scenery-bands-images (scenery-bands-tests--svgs (scenery-bands-tests--state "#FFFFFF" 100)) nil))
         (changed (scenery-bands-images (scenery-bands-tests--svgs (scenery-bands-tests--state "#0000FF" 100)) nil)))
    ;; Nothing changed: every band keeps its image (the same object, in Emacs's cache).
    (should (seq-every-p #'identity (seq-mapn (lambda (a b) (eq (cdr a) (cdr b))) first same)))
    ;; The bar changed colour: its band is a new image that draws the new colour,
    ;; the other bands keep theirs.
    (should-not (eq (cdr (car changed)) (cdr (car same))))
    (should (string-match-p "fill=\"#0000FF\"" (image-property (cdr (car changed)) :data)))
    (should (seq-every-p #'identity (seq-mapn (lambda (a b) (eq (cdr a) (cdr b))) (cdr changed) (cdr same))))))

(ert-deftest scenery-bands-stacked-as-lines ()
  (with-temp-buffer
    (let ((scenery-bands--shown nil))
      (scenery-bands-insert (scenery-bands-images (scenery-bands-tests--svgs (scenery-bands-tests--state "#FFFFFF" 0) 2) nil)
                            7 2 'help-echo "x")
      (should (equal (count-lines (point-min) (point-max)) 5))
      (goto-char (point-min))
      (let ((image-at (text-property-any (point-min) (point-max) 'scenery-image t)))
        (should (equal (get-text-property image-at 'scenery-band-top) 0))
        (should (equal (get-text-property image-at 'help-echo) "x")))
      (should (equal (let (tops) (dolist (position (number-sequence (point-min) (1- (point-max))) (nreverse tops))
                                   (let ((top (get-text-property position 'scenery-band-top)))
                                     (when top (push top tops)))))
                     '(0 280 558 842 1458))))))

(provide 'scenery-bands-tests)

;;; scenery-bands-tests.el ends here
