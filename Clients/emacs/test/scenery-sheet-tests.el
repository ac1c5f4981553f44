;;; scenery-sheet-tests.el --- Tests of scenery-sheet.el -*- lexical-binding: t -*-

;;; Commentary:

;; The content's band as a slice of its sheet: kept while only the
;; offset moves, drawn again when a node on the rows shown changed, a
;; changed node at the top drawn in a strip of its own, the screen
;; layer's column beside it, and where a position on a slice is on the
;; screen.  The pixels are proven by Tests/Emacs/test_emacs_x.py (the
;; kit's states drawn with their content band as a sheet).

;;; Code:

(require 'ert)
(require 'seq)
(require 'scenery-bands)
(require 'scenery-svg-tests)

(defun scenery-sheet-tests--nodes ()
  "The nodes' JSON: a white backdrop, bars, an index column and 20 rows."
  (concat
   "{\"background\":{\"id\":\"background\",\"kind\":\"rect\",\"layer\":\"screen\",\"frame\":[0,0,375,812],\"z\":0,\"style\":{\"background\":\"#FFFFFF\"}},"
   "\"bar\":{\"id\":\"bar\",\"kind\":\"rect\",\"layer\":\"screen\",\"frame\":[0,0,375,140],\"z\":10,\"style\":{\"background\":\"#F7F7F7\"}},"
   "\"tabs\":{\"id\":\"tabs\",\"kind\":\"rect\",\"layer\":\"screen\",\"frame\":[0,729,375,83],\"z\":10,\"style\":{\"background\":\"#F7F7F7\"}},"
   "\"index\":{\"id\":\"index\",\"kind\":\"rect\",\"layer\":\"screen\",\"frame\":[360,300,15,200],\"z\":12,\"style\":{\"background\":\"#EEEEEE\"}},"
   (mapconcat (lambda (i)
                (format "\"row.%d\":{\"id\":\"row.%d\",\"kind\":\"rect\",\"layer\":\"content\",\"frame\":[0,%d,360,50],\"z\":1,\"style\":{\"background\":\"#00%02X00\"}}"
                        i i (* 50 i) i))
              (number-sequence 0 19) ",")
   "}"))

(defun scenery-sheet-tests--state ()
  "The state: the rows in a content frame of 589 rows from 140, not scrolled."
  (scenery-svg-tests--state (scenery-sheet-tests--nodes)
                            "{\"frame\":[0,140,375,589],\"width\":375,\"height\":1000,\"offsetY\":0}"
                            "{\"width\":375,\"height\":812,\"scale\":1}"))

(defun scenery-sheet-tests--moved (state offset &optional row colour)
  "STATE scrolled to OFFSET, sharing its node objects but ROW's, now COLOUR.
As a patch leaves the mirror: what did not change is the same object."
  (let* ((moved (copy-hash-table state))
         (display (copy-hash-table (gethash "display" state)))
         (content (copy-hash-table (gethash "content" display)))
         (nodes (copy-hash-table (gethash "nodes" display))))
    (puthash "offsetY" offset content)
    (when row
      (let ((node (copy-hash-table (gethash row nodes)))
            (style (make-hash-table :test 'equal)))
        (puthash "background" colour style)
        (puthash "style" style node)
        (puthash row node nodes)))
    (puthash "content" content display)
    (puthash "nodes" nodes display)
    (puthash "display" display moved)
    moved))

(defun scenery-sheet-tests--bands (state)
  "STATE's bands at 1 pixel a point, the least band 10 pixels."
  (scenery-bands-svgs state (scenery-svg-picture state nil 0) 1 10))

(defun scenery-sheet-tests--sheet (bands)
  "The content band of BANDS, the one of pieces: (TOP . PIECES)."
  (seq-find (lambda (band) (consp (cdr band))) bands))

(defmacro scenery-sheet-tests--fresh (&rest body)
  "Run BODY with no sheet drawn before."
  `(let ((scenery-sheet--last nil) (scenery-sheet--offset 0) (scenery-sheet-still nil))
     ,@body))

(ert-deftest scenery-sheet-scroll-keeps-the-sheet ()
  (scenery-sheet-tests--fresh
   (let* ((state (scenery-sheet-tests--state))
          (still (scenery-sheet-tests--bands state))
          (first (scenery-sheet-tests--bands (scenery-sheet-tests--moved state 10)))
          (then (scenery-sheet-tests--bands (scenery-sheet-tests--moved state 40))))
     ;; Not scrolled: the content band is drawn as one SVG.
     (should-not (scenery-sheet-tests--sheet still))
     ;; Scrolled: the sheet beside the index's column, sliced at the offset.
     (pcase-let ((`(,top (,svg 0 ,y 360 589) (,column 0 0 15 589)) (scenery-sheet-tests--sheet first)))
       (should (= top 140))
       (should (string-match-p "<!-- row.19 -->" svg))
       (should-not (string-match-p "<!-- bar -->" svg))
       (should (string-match-p "<!-- index -->" column))
       (should-not (string-match-p "<!-- row.3 -->" column))
       ;; Scrolled further: the same sheet (the same string), 30 pixels lower.
       (pcase-let ((`(,_ (,again 0 ,y2 360 589) ,_) (scenery-sheet-tests--sheet then)))
         (should (eq again svg))
         (should (= (- y2 y) 30)))))))

(ert-deftest scenery-sheet-a-changed-node-is-drawn-again ()
  (scenery-sheet-tests--fresh
   (let* ((state (scenery-sheet-tests--state))
          (sheet (lambda (bands) (nth 1 (scenery-sheet-tests--sheet bands))))
          (first (funcall sheet (scenery-sheet-tests--bands (scenery-sheet-tests--moved state 10))))
          ;; row.5 (250 to 300 in the content) is in the middle of the rows shown.
          (changed (funcall sheet (scenery-sheet-tests--bands (scenery-sheet-tests--moved state 20 "row.5" "#FF00FF")))))
     (should-not (string-match-p "#FF00FF" (car first)))
     (should-not (equal (car changed) (car first)))
     (should (string-match-p "fill=\"#FF00FF\"" (car changed))))))

(ert-deftest scenery-sheet-a-changed-node-at-the-top-in-a-strip ()
  (scenery-sheet-tests--fresh
   (let* ((state (scenery-sheet-tests--state))
          (first (scenery-sheet-tests--bands (scenery-sheet-tests--moved state 10)))
          ;; row.0 (0 to 50), at 20 the content's top 30 rows: a strip of 30 rows.
          (then (scenery-sheet-tests--bands (scenery-sheet-tests--moved state 20 "row.0" "#FF00FF")))
          (strip (assoc 140.0 then)))
     (should (stringp (cdr strip)))
     (should (string-match-p "fill=\"#FF00FF\"" (cdr strip)))
     (pcase-let ((`(,top (,svg 0 ,y 360 559) ,_) (scenery-sheet-tests--sheet then)))
       (should (= top 170))
       (should (eq svg (car (nth 1 (scenery-sheet-tests--sheet first)))))
       (should (= y (+ 20 30)))))))

(ert-deftest scenery-sheet-pieces-inserted-as-slices ()
  (with-temp-buffer
    (let ((scenery-bands--shown nil))
      (scenery-sheet-tests--fresh
       (let* ((state (scenery-sheet-tests--moved (scenery-sheet-tests--state) 10))
              (bands (scenery-sheet-tests--bands state))
              (y (nth 2 (nth 1 (scenery-sheet-tests--sheet bands)))))
         (scenery-bands-insert (scenery-bands-images bands nil) 0 1)
         (goto-char (point-min))
         (forward-line 1)
         ;; The margin, the sheet's slice, the column's.
         (should (equal (car (get-text-property (+ 1 (point)) 'display)) (list 'slice 0 y 360 589)))
         (should (equal (car (get-text-property (+ 2 (point)) 'display)) '(slice 0 0 15 589)))
         ;; A position on the sheet's image is on the screen the slice's y up, 140 down.
         (should (equal (get-text-property (+ 1 (point)) 'scenery-band-origin) (cons 0 (- 140 y))))
         (should (equal (get-text-property (+ 2 (point)) 'scenery-band-origin) '(360 . 140))))))))

(provide 'scenery-sheet-tests)

;;; scenery-sheet-tests.el ends here
