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
(require 'scenery-svg-base)
(require 'scenery-svg-text)

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

;;; Drawing

(defvar scenery-svg-image-href nil
  "A function of an asset object giving the href to draw it by, or nil.
nil, or nil from the function, draws the asset from a data: URL of its
base64 data, as svg.js does; the `scenery' command gives a file: URL of
the asset written once to disk, so that Emacs does not copy, encode and
parse a picture's data again on every redraw.")

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

;;; The picture: each node's SVG, and rows of it

(defun scenery-svg--extent (node style frame content)
  "The screen rows NODE of STYLE may draw on at its screen FRAME: (TOP . BOTTOM).
In points.  A turning node counts the circle its
frame sweeps round its anchor; a content node no more than the content
frame's rows (it is clipped to them).  CONTENT is `display.content'."
  (pcase-let* ((`(,x ,y ,w ,h) frame)
               (from (scenery-svg--get style "from"))
               (to (scenery-svg--get style "to"))
               (top y)
               (bottom (+ y h)))
    (when (and from to (equal (scenery-svg--get node "kind") "line"))
      (let ((dy (- y (nth 1 (scenery-svg--frame node))))
            (half (/ (or (scenery-svg--get style "lineWidth") 1) 2.0)))
        (setq top (- (+ dy (min (aref from 1) (aref to 1))) half)
              bottom (+ dy (max (aref from 1) (aref to 1)) half))))
    (let ((rotation (or (scenery-svg--get style "rotation") 0)))
      (unless (and (numberp rotation) (= rotation 0))
        (let ((r (/ (sqrt (+ (* w w) (* h h))) 2.0)))
          (setq top (- (+ y (/ h 2.0)) r) bottom (+ y (/ h 2.0) r)))))
    (when (scenery-svg--get node "animation")
      (pcase-let* ((`(,ax ,ay) (scenery-svg--anchor node frame))
                   (r (sqrt (+ (expt (max (abs (- x ax)) (abs (- (+ x w) ax))) 2)
                               (expt (max (abs (- top ay)) (abs (- bottom ay))) 2)))))
        (setq top (- ay r) bottom (+ ay r))))
    (when (and content (equal (scenery-svg--get node "layer") "content"))
      (pcase-let ((`(,_ ,cy ,_ ,ch) (scenery-svg--frame content)))
        (setq top (max top cy) bottom (min bottom (+ cy ch)))))
    (cons top bottom)))

(defun scenery-svg--fragment (id node content assets now-ms)
  "Node ID, NODE, drawn: (ID EXTENT DEFS BODY), or nil when it draws nothing.
EXTENT is `scenery-svg--extent''s, DEFS its definitions (a list of
strings), BODY its drawing (a tree of strings).  CONTENT is
`display.content', ASSETS the assets, NOW-MS the scene time."
  (let* ((scenery-svg--defs nil)
         (scenery-svg--next 0)
         (scenery-svg--owner (scenery-svg--owner-name id))
         (drawn (scenery-svg--node node content assets now-ms)))
    (when drawn
      (list id
            (scenery-svg--extent node (or (scenery-svg--get node "style") (make-hash-table :test 'equal))
                                 (scenery-svg-screen-frame node content) content)
            (nreverse scenery-svg--defs)
            (list (format "<!-- %s -->" (replace-regexp-in-string "--" "- -" (scenery-svg--escape id) t t))
                  "\n" drawn "\n")))))

(defun scenery-svg-picture (state assets &optional now-ms)
  "The phone showing the state document STATE, ready to write as SVG.
A list (WIDTH HEIGHT DEFS FRAGMENTS): the screen's size in points, the
shared definitions (the content frame's clip) and each node's
`scenery-svg--fragment' in draw order.  ASSETS and NOW-MS are as
`scenery-svg-render' takes them."
  (let* ((now-ms (or now-ms 0))
         (viewport (scenery-svg--get state "viewport"))
         (content (scenery-svg-content state))
         (nodes (or (scenery-svg--get (scenery-svg--get state "display") "nodes") (make-hash-table :test 'equal)))
         (defs (and content
                    (let ((scenery-svg--defs nil))
                      (apply #'scenery-svg--clip-rect "content" (scenery-svg--frame content))
                      scenery-svg--defs))))
    (list (or (scenery-svg--get viewport "width") 375)
          (or (scenery-svg--get viewport "height") 812)
          defs
          (delq nil (mapcar (lambda (id)
                              (let ((node (gethash id nodes)))
                                (unless (scenery-svg--hidden-p node content)
                                  (scenery-svg--fragment id node content assets now-ms))))
                            (scenery-svg-draw-order nodes))))))

(defun scenery-svg-write (picture &optional scale top bottom left right)
  "The SVG text of PICTURE (`scenery-svg-picture''s) at SCALE pixels a point.
Only the screen's rows from TOP to BOTTOM (points, default all) and
the nodes that may draw on them; the picture is the width and that
height times SCALE (default 1), the drawing inside in points.  LEFT
and RIGHT (points, both or neither) draw only those columns."
  (pcase-let* ((`(,width ,height ,defs ,fragments) picture)
               (scale (or scale 1))
               (top (or top 0))
               (bottom (or bottom height))
               (whole (and (= top 0) (= bottom height)))
               (shown (if whole
                          fragments
                        (seq-filter (lambda (fragment)
                                      (let ((extent (nth 1 fragment)))
                                        (or (null extent) (and (< (car extent) bottom) (> (cdr extent) top)))))
                                    fragments)))
               (wide (if left (- right left) width)))
    (apply #'concat
           (flatten-tree
            (list "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
                  (format "width=\"%s\" height=\"%s\" viewBox=\"%s %s %s %s\">\n"
                          (scenery-svg--num (* wide scale)) (scenery-svg--num (* (- bottom top) scale))
                          (if left (number-to-string left) "0")
                          (if whole "0" (number-to-string top)) (scenery-svg--num wide)
                          (if whole (scenery-svg--num height) (number-to-string (- bottom top))))
                  "<defs>\n" (string-join (append defs (mapcan (lambda (f) (copy-sequence (nth 2 f))) shown)) "\n")
                  "\n</defs>\n"
                  (format "<rect width=\"%s\" height=\"%s\" fill=\"#FFFFFF\"/>\n"
                          (scenery-svg--num width) (scenery-svg--num height))
                  (mapcar (lambda (f) (nth 3 f)) shown)
                  (if shown "</svg>\n" "\n</svg>\n"))))))

(defun scenery-svg-render (state assets &optional now-ms scale)
  "The SVG text of the whole phone showing the state document STATE.
ASSETS is a hash table from asset id to `asset.read''s result (an
object with mime, width, height and data, base64), or nil.  Declared
animations are drawn at NOW-MS on the scene clock (default 0).  The
picture is SCALE (default 1) device pixels a point: width x SCALE by
height x SCALE; the drawing inside is in points."
  ;; A picture makes a few megabytes of short-lived strings: collected once, after.
  (let ((gc-cons-threshold (max gc-cons-threshold (* 64 1024 1024))))
    (scenery-svg-write (scenery-svg-picture state assets now-ms) scale)))

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
