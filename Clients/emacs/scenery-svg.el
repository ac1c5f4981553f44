;;; scenery-svg.el --- Scenery's state document drawn as SVG text -*- lexical-binding: t -*-

;; Copyright (C) 2025 The Scenery authors

;; Author: The Scenery authors
;; Keywords: multimedia, tools
;; Package-Requires: ((emacs "28.1"))

;; This file is not part of GNU Emacs.

;;; Commentary:

;; The state document of Protocol/PROTOCOL.md section 4 as one SVG
;; picture of the whole phone, by the rules of the JavaScript package's
;; writer (Clients/js/svg.js), which passes the conformance kit: the
;; white backdrop, then every node in draw order (z, then id in code
;; point order): rect and circle fills; lines (a stroke from `from' to
;; `to' with butt caps, or a filled hairline); text runs laid out at the
;; engine's average advance of 0.5 em (word wrap, `lines' with an
;; ellipsis at the box's end, `align', `verticalAlign', static
;; `rotation', clipped to the box); images inline as data: URLs placed
;; by `contentMode' and `align' (a `tint' draws their alpha in its
;; colour); movies as their first frame over `background'; `opacity';
;; `cornerRadius'; content nodes moved by the scroll and clipped to the
;; content frame; and declared rotations at the scene clock's `now-ms'.
;;
;; JSON values are in the representation of scenery-patch.el (hash
;; tables, vectors, :null, :false).  The drawing is in points; SCALE
;; sets the picture's size in device pixels.

;;; Code:

(require 'seq)
(require 'subr-x)
(require 'scenery-patch)

(defconst scenery-svg-advance 0.5
  "The engine's average advance, in em, at which text is laid out.")

(defconst scenery-svg--ellipsis "…"
  "What a cut line ends with.")

(defconst scenery-svg--ellipsis-room 1
  "The room a cut line keeps for its ellipsis at the box's end, in em.")

(defconst scenery-svg--weights
  '(("light" . 300) ("regular" . 400) ("medium" . 500) ("semibold" . 600) ("bold" . 700))
  "The CSS weight of each run weight.")

;;; Values

(defun scenery-svg--value (value)
  "VALUE, or nil when it is absent, JSON null or JSON false."
  (if (memq value '(:null :false)) nil value))

(defun scenery-svg--get (object key)
  "Member KEY of the JSON OBJECT, nil when absent, null or false."
  (and (hash-table-p object) (scenery-svg--value (gethash key object))))

(defun scenery-svg--num (value)
  "VALUE rounded to 1/1000, halves up, without trailing zeros or -0."
  (let ((thousandths (floor (+ (* value 1000) 0.5))))
    (if (zerop (% thousandths 1000))
        (number-to-string (/ thousandths 1000))
      (number-to-string (/ thousandths 1000.0)))))

(defun scenery-svg--escape (text)
  "TEXT with the five XML specials escaped."
  (if (not (string-match-p "[&<>\"']" text))
      text
    (replace-regexp-in-string
   "[&<>\"']"
   (lambda (c) (pcase c ("&" "&amp;") ("<" "&lt;") (">" "&gt;") ("\"" "&quot;") (_ "&apos;")))
   text t t)))

(defun scenery-svg--frame (node)
  "The frame of NODE as a list (X Y W H)."
  (append (scenery-svg--get node "frame") nil))

(defun scenery-svg-content (state)
  "The `display.content' of STATE, or nil when it has none."
  (scenery-svg--get (scenery-svg--get state "display") "content"))

(defun scenery-svg-screen-frame (node content)
  "NODE's frame on the screen, (X Y W H), CONTENT being `display.content'.
A content node is moved by the content's frame and scroll offset (not
clipped)."
  (pcase-let ((`(,x ,y ,w ,h) (scenery-svg--frame node)))
    (if (and content (equal (scenery-svg--get node "layer") "content"))
        (pcase-let ((`(,cx ,cy . ,_) (scenery-svg--frame content)))
          (list (+ x cx) (+ (- y (or (scenery-svg--get content "offsetY") 0)) cy) w h))
      (list x y w h))))

(defun scenery-svg-draw-order (nodes)
  "The ids of the hash table NODES in draw order: by z, then id."
  (let (ids)
    (maphash (lambda (id _) (push id ids)) nodes)
    (sort ids (lambda (a b)
                (let ((za (or (scenery-svg--get (gethash a nodes) "z") 0))
                      (zb (or (scenery-svg--get (gethash b nodes) "z") 0)))
                  (if (= za zb) (string< a b) (< za zb)))))))

(defun scenery-svg-node-text (node)
  "Return the whole text of a text NODE."
  (mapconcat (lambda (run) (or (scenery-svg--get run "text") "")) (scenery-svg--get node "text") ""))

;;; Animation

(defun scenery-svg-turn (animation now-ms)
  "The rotation of the declared ANIMATION at NOW-MS, in degrees (0 without)."
  (let ((keyframes (and animation (scenery-svg--get animation "keyframes"))))
    (if (or (not (equal (scenery-svg--get animation "property") "rotation"))
            (zerop (length keyframes)))
        0
      (let ((duration (or (scenery-svg--get animation "durationMs") 0))
            (start (or (scenery-svg--get animation "startMs") 0))
            (repeat (scenery-svg--get animation "repeat"))
            (count (length keyframes)))
        (if (or (= count 1) (<= now-ms start))
            (aref keyframes 0)
          (let ((time (if (> duration 0) (/ (float (- now-ms start)) duration) 1.0)))
            (if (and (>= time 1) (not repeat))
                (aref keyframes (1- count))
              (when (>= time 1) (setq time (- time (ffloor time))))
              (let* ((at (* time (1- count)))
                     (index (floor at))
                     (from (aref keyframes index))
                     (to (aref keyframes (min (1+ index) (1- count)))))
                (+ from (* (- to from) (- at index)))))))))))

(defun scenery-svg--anchor (node frame)
  "Return the centre of NODE's rotation on the screen, given its screen FRAME.
Its animation's anchor (in the node's coordinates), else the centre."
  (let ((given (scenery-svg--get (scenery-svg--get node "animation") "anchor")))
    (pcase-let ((`(,x ,y ,w ,h) frame)
                (`(,nx ,ny . ,_) (scenery-svg--frame node)))
      (if given
          (list (+ (aref given 0) (- x nx)) (+ (aref given 1) (- y ny)))
        (list (+ x (/ w 2.0)) (+ y (/ h 2.0)))))))

;;; Text layout

(defun scenery-svg--space-p (char)
  "Whether CHAR is white space (JavaScript's \\s)."
  (or (memq char '(?\s ?\t ?\n ?\r ?\f ?\v #xA0 #x1680 #x2028 #x2029 #x202F #x205F #x3000 #xFEFF))
      (and (>= char #x2000) (<= char #x200A))))

(defun scenery-svg--advance (char)
  "The advance of CHAR, a (CHARACTER . RUN) pair."
  (* scenery-svg-advance (or (scenery-svg--get (cdr char) "size") 17)))

(defun scenery-svg--width (chars)
  "The width of the list CHARS of (CHARACTER . RUN) at the average advance."
  (let ((sum 0))
    (dolist (char chars) (setq sum (+ sum (scenery-svg--advance char))))
    sum))

(defun scenery-svg--trimmed (chars)
  "CHARS without the white space at their end."
  (let ((reversed (reverse chars)))
    (while (and reversed (scenery-svg--space-p (car (car reversed))))
      (setq reversed (cdr reversed)))
    (nreverse reversed)))

(defun scenery-svg--words (chars)
  "CHARS as words: each (FORCED . CHARS), with the spaces after it.
A hyphen ends a word too; a newline ends one and forces a break."
  (let ((words nil) (word nil) (rest chars))
    (while rest
      (let* ((char (car rest))
             (next (cadr rest))
             (next-space (and next (scenery-svg--space-p (car next)) (not (eq (car next) ?\n)))))
        (if (eq (car char) ?\n)
            (progn (push (cons t (nreverse word)) words) (setq word nil))
          (push char word)
          (when (and (or (scenery-svg--space-p (car char)) (eq (car char) ?-)) (not next-space))
            (push (cons nil (nreverse word)) words)
            (setq word nil))))
      (setq rest (cdr rest)))
    (when word (push (cons nil (nreverse word)) words))
    (nreverse words)))

(defun scenery-svg-layout-lines (spans width &optional max-lines)
  "Break the text SPANS (a sequence of run objects) into lines WIDTH wide.
Characters are 0.5 em of their run's size wide.  Lines break between
words (at a space, after a hyphen), inside a word only when it is wider
than the line by itself; with MAX-LINES 1 the text stays on one line,
with N > 1 at most N.  A cut text ends with an ellipsis in the run it
cuts.  Returns (LINES . CUT): LINES a list of lines, each a list of
\(RUN . TEXT) pieces; CUT whether the last line ends in an ellipsis the
layout put there."
  (let* ((max-lines (or max-lines 0))
         (one (eql max-lines 1))
         (limit (+ width 1e-6))
         (chars (seq-mapcat (lambda (run)
                              (mapcar (lambda (c) (cons c run)) (or (scenery-svg--get run "text") "")))
                            spans 'list))
         ;; The line being filled, reversed, and its width, summed left to right as
         ;; svg.js sums it (so that the same floats decide the same breaks).
         (done nil) (line nil) (line-width 0))
    (dolist (word (scenery-svg--words chars))
      (let ((rest (cdr word)))
        (while rest
          (cond ((or one (<= (+ line-width (scenery-svg--width (scenery-svg--trimmed rest))) limit))
                 (dolist (char rest)
                   (push char line)
                   (setq line-width (+ line-width (scenery-svg--advance char))))
                 (setq rest nil))
                (line (push (nreverse line) done) (setq line nil line-width 0))
                (t ;; A word wider than the line by itself: broken after the last letter that fits.
                 (let ((fit 0) (width 0))
                   (while (and (< fit (length rest))
                               (<= (setq width (+ width (scenery-svg--advance (nth fit rest)))) limit))
                     (setq fit (1+ fit)))
                   (setq fit (max fit 1))
                   (push (seq-take rest fit) done)
                   (setq line nil line-width 0 rest (nthcdr fit rest)))))))
      (when (and (car word) (not one))
        (push (nreverse line) done)
        (setq line nil line-width 0)))
    (let ((lines (mapcar #'scenery-svg--trimmed (nreverse (cons (nreverse line) done))))
          (cut nil))
      (while (and (cdr lines) (null (car (last lines))))
        (setq lines (butlast lines)))
      (when (and (> max-lines 0) (> (length lines) max-lines))
        (setq lines (seq-take lines max-lines) cut t))
      (let* ((last-line (car (last lines)))
             (ellipsed (or cut (and (> (scenery-svg--width last-line) limit) (or one (> max-lines 0))))))
        (when ellipsed
          (let* ((run (cdr (or (car (last last-line)) (car (last chars)))))
                 (ellipsis (cons (aref scenery-svg--ellipsis 0) run)))
            (while (and last-line (> (+ (scenery-svg--width last-line) (scenery-svg--advance ellipsis)) limit))
              (setq last-line (butlast last-line)))
            (setcar (last lines) (append (scenery-svg--trimmed last-line) (list ellipsis)))))
        (cons (delq nil (mapcar #'scenery-svg--pieces lines)) ellipsed)))))

(defun scenery-svg--pieces (chars)
  "CHARS grouped into (RUN . TEXT) pieces of one run each."
  (let (pieces)
    (dolist (char chars)
      (if (and pieces (eq (car (car pieces)) (cdr char)))
          (setcdr (car pieces) (cons (car char) (cdr (car pieces))))
        (push (cons (cdr char) (list (car char))) pieces)))
    (mapcar (lambda (piece) (cons (car piece) (apply #'string (reverse (cdr piece)))))
            (nreverse pieces))))

(defun scenery-svg--families (run style)
  "The font families to try for RUN of a node of STYLE, as CSS.
Its own, the style's fallback, then DejaVu Sans (as wide as the 0.5 em
a cut line is laid out at), then sans-serif."
  (mapconcat (lambda (family)
               (if (string-match-p "\\`[A-Za-z0-9_-]+\\'" family) family (format "'%s'" family)))
             (delq nil (list (scenery-svg--get run "font") (scenery-svg--get style "fontFallback")
                             "DejaVu Sans" "sans-serif"))
             ", "))

;;; Drawing

(defvar scenery-svg-image-href nil
  "A function of an asset object giving the href to draw it by, or nil.
nil, or nil from the function, draws the asset from a data: URL of its
base64 data, as svg.js does; the `scenery' command gives a file: URL of
the asset written once to disk, so that Emacs does not copy, encode and
parse a picture's data again on every redraw.")

(defvar scenery-svg--defs nil
  "The definitions (clip paths, filters) of the picture being drawn, reversed.")

(defvar scenery-svg--next 0
  "The last number given to a definition of the picture being drawn.")

(defun scenery-svg--id (prefix)
  "A new definition id starting with PREFIX."
  (setq scenery-svg--next (1+ scenery-svg--next))
  (format "%s%d" prefix scenery-svg--next))

(defun scenery-svg--def (text)
  "Add TEXT to the picture's definitions."
  (push text scenery-svg--defs))

(defun scenery-svg--rect-attributes (x y w h)
  "The x, y, width and height attributes of the box X Y W H."
  (format "x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\"" (scenery-svg--num x) (scenery-svg--num y)
          (scenery-svg--num (max 0 w)) (scenery-svg--num (max 0 h))))

(defun scenery-svg--clip-rect (id x y w h)
  "Define clip path ID, the rectangle X Y W H."
  (scenery-svg--def (format "<clipPath id=\"%s\"><rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\"/></clipPath>"
                            id (scenery-svg--num x) (scenery-svg--num y) (scenery-svg--num w) (scenery-svg--num h))))

(defun scenery-svg--image (asset box fit frame tint)
  "ASSET drawn at BOX (attributes) by FIT, clipped to FRAME; TINT its colour."
  (let ((clip (scenery-svg--id "frame")) (filter ""))
    (apply #'scenery-svg--clip-rect clip frame)
    (when tint
      (let ((name (scenery-svg--id "tint")))
        (scenery-svg--def
         (format "<filter id=\"%s\" color-interpolation-filters=\"sRGB\" x=\"0\" y=\"0\" width=\"1\" height=\"1\"><feFlood flood-color=\"%s\"/><feComposite in2=\"SourceGraphic\" operator=\"in\"/></filter>"
                 name tint))
        (setq filter (format " filter=\"url(#%s)\"" name))))
    ;; A list of pieces, joined once at the end: the data is not copied till then.
    (let ((href (and scenery-svg-image-href (funcall scenery-svg-image-href asset))))
      (list (format "<g clip-path=\"url(#%s)\"><image %s preserveAspectRatio=\"%s\"%s xlink:href=\"%s"
                    clip box fit filter (if href "" (format "data:%s;base64," (scenery-svg--get asset "mime"))))
            (or href (scenery-svg--get asset "data"))
            "\"/></g>"))))

(defun scenery-svg--kind (node style frame content assets)
  "What NODE of STYLE draws in its screen FRAME, or nil.
CONTENT is `display.content', ASSETS the assets by id."
  (pcase-let* ((`(,x ,y ,w ,h) frame)
               (box (scenery-svg--rect-attributes x y w h))
               (background (scenery-svg--get style "background")))
    (pcase (scenery-svg--get node "kind")
      ("rect" (and background (format "<rect %s fill=\"%s\"/>" box background)))
      ("circle"
       (and background
            (format "<ellipse cx=\"%s\" cy=\"%s\" rx=\"%s\" ry=\"%s\" fill=\"%s\"/>"
                    (scenery-svg--num (+ x (/ w 2.0))) (scenery-svg--num (+ y (/ h 2.0)))
                    (scenery-svg--num (/ w 2.0)) (scenery-svg--num (/ h 2.0)) background)))
      ("line"
       (let ((from (scenery-svg--get style "from")) (to (scenery-svg--get style "to"))
             (color (scenery-svg--get style "color")))
         (if (not (and from to))
             (and color (format "<rect %s fill=\"%s\"/>" box color))
           (pcase-let ((`(,dx ,dy) (if (and content (equal (scenery-svg--get node "layer") "content"))
                                       (let ((cf (scenery-svg--frame content)))
                                         (list (nth 0 cf) (- (nth 1 cf) (or (scenery-svg--get content "offsetY") 0))))
                                     (list 0 0))))
             (format "<line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" stroke=\"%s\" stroke-width=\"%s\" stroke-linecap=\"butt\"/>"
                     (scenery-svg--num (+ (aref from 0) dx)) (scenery-svg--num (+ (aref from 1) dy))
                     (scenery-svg--num (+ (aref to 0) dx)) (scenery-svg--num (+ (aref to 1) dy))
                     (or color "#000000") (scenery-svg--num (or (scenery-svg--get style "lineWidth") 1)))))))
      ("movie"
       (let* ((movie (scenery-svg--get style "movie"))
              (asset (and movie assets (gethash movie assets)))
              (parts (delq nil (list (and background (format "<rect %s fill=\"%s\"/>" box background))
                                     (and asset (scenery-svg--image asset box "xMidYMid slice" frame nil))))))
         parts))
      ("image"
       (let* ((id (scenery-svg--get node "image"))
              (asset (and id assets (gethash id assets))))
         (when asset
           (let* ((mode (or (scenery-svg--get style "contentMode") "aspectFit"))
                  (fit (pcase mode
                         ("aspectFill" "xMidYMid slice")
                         ("scaleToFill" "none")
                         (_ (format "%sYMid meet"
                                    (pcase (scenery-svg--get style "align")
                                      ("left" "xMin") ("right" "xMax") (_ "xMid")))))))
             (scenery-svg--image asset box fit frame (scenery-svg--get style "tint"))))))
      ("text" (scenery-svg--text node style frame))
      (_ nil))))

(defun scenery-svg--spans (pieces style)
  "The tspans of the (RUN . TEXT) PIECES of a node of STYLE."
  (mapconcat
   (lambda (piece)
     (let ((run (car piece)))
       (format "<tspan font-family=\"%s\" font-size=\"%s\" font-weight=\"%d\" fill=\"%s\">%s</tspan>"
               (scenery-svg--escape (scenery-svg--families run style))
               (scenery-svg--num (or (scenery-svg--get run "size") 17))
               (or (cdr (assoc (scenery-svg--get run "weight") scenery-svg--weights)) 400)
               (or (scenery-svg--get run "color") "#000000")
               (scenery-svg--escape (cdr piece)))))
   pieces ""))

(defun scenery-svg--text (node style frame)
  "A text NODE of STYLE laid out in its box at the screen FRAME, or nil."
  (let ((runs (seq-filter (lambda (run) (not (string-empty-p (or (scenery-svg--get run "text") ""))))
                          (scenery-svg--get node "text"))))
    (when (and runs (not (seq-every-p #'scenery-svg--space-p (scenery-svg-node-text node))))
      (pcase-let* ((`(,x ,y ,w ,h) frame)
                   (rotation (or (scenery-svg--get style "rotation") 0))
                   (quarter (= (mod (abs rotation) 180) 90))
                   (bw (if quarter h w))
                   (bh (if quarter w h))
                   (largest (apply #'max (mapcar (lambda (run) (or (scenery-svg--get run "size") 17)) runs)))
                   (line-height (* largest 1.2))
                   (layout (scenery-svg-layout-lines runs bw (or (scenery-svg--get style "lines") 0)))
                   (lines (car layout))
                   (cut (cdr layout))
                   (block (* (length lines) line-height))
                   (vertical (scenery-svg--get style "verticalAlign"))
                   (top (cond ((equal vertical "top") 0)
                              ((equal vertical "bottom") (- bh block))
                              (t (/ (- bh block) 2.0))))
                   (align (or (scenery-svg--get style "align") "left"))
                   (`(,tx ,anchor) (pcase align
                                     ("center" (list (/ bw 2.0) "middle"))
                                     ("right" (list bw "end"))
                                     (_ (list 0 "start"))))
                   (clip (scenery-svg--id "text"))
                   (count (length lines))
                   (index -1))
        (scenery-svg--def (format "<clipPath id=\"%s\"><rect x=\"0\" y=\"0\" width=\"%s\" height=\"%s\"/></clipPath>"
                                  clip (scenery-svg--num bw) (scenery-svg--num bh)))
        (let ((texts
               (mapconcat
                (lambda (line)
                  (setq index (1+ index))
                  (let* ((size (apply #'max (mapcar (lambda (piece) (or (scenery-svg--get (car piece) "size") 17)) line)))
                         (baseline (+ top (* index line-height) (/ line-height 2.0) (* 0.35 size)))
                         (end (car (last line))))
                    (if (or (not cut) (/= index (1- count)))
                        (format "<text x=\"%s\" y=\"%s\" text-anchor=\"%s\" xml:space=\"preserve\">%s</text>"
                                (scenery-svg--num tx) (scenery-svg--num baseline) anchor (scenery-svg--spans line style))
                      ;; A cut line fills the box: its text from the left, cut where the
                      ;; ellipsis begins, and the ellipsis at the box's end.
                      (let* ((room (* scenery-svg--ellipsis-room (or (scenery-svg--get (car end) "size") 17)))
                             (end-text (cdr end))
                             (head (seq-filter (lambda (piece) (not (string-empty-p (cdr piece))))
                                               (append (butlast line)
                                                       (list (cons (car end) (substring end-text 0 (max 0 (- (length end-text) (length scenery-svg--ellipsis)))))))))
                             (cut-id (scenery-svg--id "cut")))
                        (scenery-svg--def (format "<clipPath id=\"%s\"><rect x=\"0\" y=\"0\" width=\"%s\" height=\"%s\"/></clipPath>"
                                                  cut-id (scenery-svg--num (max 0 (- bw room))) (scenery-svg--num bh)))
                        (format "<g clip-path=\"url(#%s)\"><text x=\"0\" y=\"%s\" xml:space=\"preserve\">%s</text></g><text x=\"%s\" y=\"%s\" text-anchor=\"end\" xml:space=\"preserve\">%s</text>"
                                cut-id (scenery-svg--num baseline) (scenery-svg--spans head style)
                                (scenery-svg--num bw) (scenery-svg--num baseline)
                                (scenery-svg--spans (list (cons (car end) scenery-svg--ellipsis)) style))))))
                lines ""))
              (place (if (/= rotation 0)
                         (format "translate(%s %s) rotate(%s) translate(%s %s)"
                                 (scenery-svg--num (+ x (/ w 2.0))) (scenery-svg--num (+ y (/ h 2.0)))
                                 (scenery-svg--num rotation) (scenery-svg--num (- (/ bw 2.0))) (scenery-svg--num (- (/ bh 2.0))))
                       (format "translate(%s %s)" (scenery-svg--num x) (scenery-svg--num y)))))
          (format "<g transform=\"%s\"><g clip-path=\"url(#%s)\">%s</g></g>" place clip texts))))))

(defun scenery-svg--node (node content assets now-ms)
  "NODE's drawing wrapped in its clip, turn and opacity, or nil.
CONTENT is `display.content', ASSETS the assets, NOW-MS the scene time."
  (let* ((style (or (scenery-svg--get node "style") (make-hash-table :test 'equal)))
         (opacity (or (scenery-svg--get style "opacity") 1)))
    (unless (and (numberp opacity) (= opacity 0))
      (let* ((frame (scenery-svg-screen-frame node content))
             (drawing (scenery-svg--kind node style frame content assets)))
        (when drawing
          (let ((radius (scenery-svg--get style "cornerRadius")))
            (when (and (numberp radius) (> radius 0))
              (pcase-let* ((`(,x ,y ,w ,h) frame)
                           (r (min radius (/ w 2.0) (/ h 2.0)))
                           (clip (scenery-svg--id "corner")))
                (scenery-svg--def
                 (format "<clipPath id=\"%s\"><rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" rx=\"%s\" ry=\"%s\"/></clipPath>"
                         clip (scenery-svg--num x) (scenery-svg--num y) (scenery-svg--num w) (scenery-svg--num h)
                         (scenery-svg--num r) (scenery-svg--num r)))
                (setq drawing (list (format "<g clip-path=\"url(#%s)\">" clip) drawing "</g>")))))
          (let ((angle (scenery-svg-turn (scenery-svg--get node "animation") now-ms)))
            (unless (= angle 0)
              (pcase-let ((`(,ax ,ay) (scenery-svg--anchor node frame)))
                (setq drawing (list (format "<g transform=\"rotate(%s %s %s)\">" (scenery-svg--num angle)
                                            (scenery-svg--num ax) (scenery-svg--num ay))
                                    drawing "</g>")))))
          (when (< opacity 1)
            (setq drawing (list (format "<g opacity=\"%s\">" (scenery-svg--num opacity)) drawing "</g>")))
          (when (and content (equal (scenery-svg--get node "layer") "content"))
            (setq drawing (list "<g clip-path=\"url(#content)\">" drawing "</g>")))
          drawing)))))

(defun scenery-svg-render (state assets &optional now-ms scale)
  "The SVG text of the whole phone showing the state document STATE.
ASSETS is a hash table from asset id to `asset.read''s result (an
object with mime, width, height and data, base64), or nil.  Declared
animations are drawn at NOW-MS on the scene clock (default 0).  The
picture is SCALE (default 1) device pixels a point: width x SCALE by
height x SCALE; the drawing inside is in points."
  (let* ((now-ms (or now-ms 0))
         (scale (or scale 1))
         (viewport (scenery-svg--get state "viewport"))
         (width (or (scenery-svg--get viewport "width") 375))
         (height (or (scenery-svg--get viewport "height") 812))
         (content (scenery-svg-content state))
         (nodes (or (scenery-svg--get (scenery-svg--get state "display") "nodes") (make-hash-table :test 'equal)))
         (scenery-svg--defs nil)
         (scenery-svg--next 0)
         ;; A picture makes a few megabytes of short-lived strings: collected once, after.
         (gc-cons-threshold (max gc-cons-threshold (* 64 1024 1024)))
         (body nil))
    (when content
      (apply #'scenery-svg--clip-rect "content" (scenery-svg--frame content)))
    (dolist (id (scenery-svg-draw-order nodes))
      (let ((drawn (scenery-svg--node (gethash id nodes) content assets now-ms)))
        (when drawn
          (push (format "<!-- %s -->" (replace-regexp-in-string "--" "- -" (scenery-svg--escape id) t t)) body)
          (push "\n" body)
          (push drawn body)
          (push "\n" body))))
    (apply #'concat
           (flatten-tree
            (list "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
                  (format "width=\"%s\" height=\"%s\" viewBox=\"0 0 %s %s\">\n"
                          (scenery-svg--num (* width scale)) (scenery-svg--num (* height scale))
                          (scenery-svg--num width) (scenery-svg--num height))
                  "<defs>\n" (string-join (nreverse scenery-svg--defs) "\n") "\n</defs>\n"
                  (format "<rect width=\"%s\" height=\"%s\" fill=\"#FFFFFF\"/>\n"
                          (scenery-svg--num width) (scenery-svg--num height))
                  (nreverse body)
                  (if body "</svg>\n" "\n</svg>\n"))))))

;;; Hit testing (for hover)

(defun scenery-svg-nodes-at (state x y)
  "The ids of STATE's nodes under the point X, Y (screen points), topmost first.
A content node counts only inside the content frame.  Rotation is not
taken into account."
  (let* ((content (scenery-svg-content state))
         (nodes (or (scenery-svg--get (scenery-svg--get state "display") "nodes") (make-hash-table :test 'equal)))
         (inside (lambda (frame) (pcase-let ((`(,fx ,fy ,fw ,fh) frame))
                                   (and (<= fx x) (< x (+ fx fw)) (<= fy y) (< y (+ fy fh))))))
         (hits nil))
    (dolist (id (scenery-svg-draw-order nodes))
      (let ((node (gethash id nodes)))
        (when (and (funcall inside (scenery-svg-screen-frame node content))
                   (or (not content) (not (equal (scenery-svg--get node "layer") "content"))
                       (funcall inside (scenery-svg--frame content))))
          (push id hits))))
    hits))

(provide 'scenery-svg)

;;; scenery-svg.el ends here
