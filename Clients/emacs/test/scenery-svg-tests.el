;;; scenery-svg-tests.el --- Tests of scenery-svg.el -*- lexical-binding: t -*-

;;; Commentary:

;; The SVG writer per node kind and style member of PROTOCOL.md section
;; 4, read back as XML (libxml), and text breaking.  The drawing proof
;; of the whole (every probe of the conformance kit's 41 states) is
;; Tests/Emacs/draw_states.sh.

;;; Code:

(require 'ert)
(require 'dom)
(require 'scenery-svg)

(defconst scenery-svg-tests--png
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
  "A 1 x 1 PNG.")

(defun scenery-svg-tests--state (nodes &optional content viewport)
  "A state document with NODES (JSON text of the nodes object).
CONTENT is the JSON text of `display.content' (default null), VIEWPORT
of the viewport (default 375 x 812 @3x)."
  (scenery-json-parse
   (format "{\"scene\":\"test\",\"viewport\":%s,\"model\":{},\"display\":{\"content\":%s,\"nodes\":%s}}"
           (or viewport "{\"width\":375,\"height\":812,\"scale\":3,\"safeArea\":{\"top\":44,\"left\":0,\"bottom\":34,\"right\":0}}")
           (or content "null") nodes)))

(defun scenery-svg-tests--assets (&rest ids)
  "Assets IDS, each the 1 x 1 PNG."
  (let ((assets (make-hash-table :test 'equal)))
    (dolist (id ids)
      (puthash id (scenery-json-parse
                   (format "{\"id\":\"%s\",\"mime\":\"image/png\",\"width\":1,\"height\":1,\"data\":\"%s\"}"
                           id scenery-svg-tests--png))
               assets))
    assets))

(defun scenery-svg-tests--dom (svg)
  "The SVG text parsed as XML."
  (with-temp-buffer
    (insert svg)
    (libxml-parse-xml-region (point-min) (point-max))))

(defun scenery-svg-tests--render (nodes &rest args)
  "The DOM of NODES (JSON text) drawn; ARGS: :content, :assets, :now, :scale."
  (scenery-svg-tests--dom
   (scenery-svg-render (scenery-svg-tests--state nodes (plist-get args :content))
                       (plist-get args :assets) (plist-get args :now) (plist-get args :scale))))

(defun scenery-svg-tests--body (dom)
  "A node holding the elements of DOM after the defs and the backdrop.
Comments (each node's id) are left out."
  `(body nil ,@(seq-remove (lambda (e) (eq (dom-tag e) 'comment))
                           (cddr (dom-non-text-children dom)))))

(defun scenery-svg-tests--clip (dom id)
  "The shape of clip path ID in DOM."
  (car (dom-non-text-children (dom-by-id dom (concat "\\`" (regexp-quote id) "\\'")))))

(defun scenery-svg-tests--clip-of (element)
  "The clip path id ELEMENT names, from its url(#...)."
  (let ((attr (dom-attr element 'clip-path)))
    (and attr (string-match "url(#\\(.*\\))" attr) (match-string 1 attr))))

(ert-deftest scenery-svg-backdrop-and-size ()
  "The picture is width x scale by height x scale, drawn in points over white."
  (let ((dom (scenery-svg-tests--render "{}" :scale 3)))
    (should (eq (dom-tag dom) 'svg))
    (should (equal (dom-attr dom 'width) "1125"))
    (should (equal (dom-attr dom 'height) "2436"))
    (should (equal (dom-attr dom 'viewBox) "0 0 375 812"))
    (let ((backdrop (cadr (dom-non-text-children dom))))
      (should (equal (dom-attributes backdrop) '((width . "375") (height . "812") (fill . "#FFFFFF")))))
    (should (null (dom-children (scenery-svg-tests--body dom))))))

(ert-deftest scenery-svg-rect ()
  "A rect fills its frame with background; without one it draws nothing."
  (let* ((dom (scenery-svg-tests--render
               "{\"a\":{\"kind\":\"rect\",\"frame\":[10,20,30.5,40],\"z\":0,\"layer\":\"screen\",\"style\":{\"background\":\"#FF0000\"}},
                 \"b\":{\"kind\":\"rect\",\"frame\":[0,0,5,5],\"z\":0,\"layer\":\"screen\",\"style\":{}}}"))
         (rect (car (dom-by-tag (scenery-svg-tests--body dom) 'rect))))
    (should (= (length (dom-by-tag (scenery-svg-tests--body dom) 'rect)) 1))
    (should (equal (dom-attributes rect)
                   '((x . "10") (y . "20") (width . "30.5") (height . "40") (fill . "#FF0000"))))))

(ert-deftest scenery-svg-circle ()
  "A circle fills the ellipse inside its frame."
  (let ((ellipse (car (dom-by-tag (scenery-svg-tests--render
                                   "{\"c\":{\"kind\":\"circle\",\"frame\":[10,20,30,50],\"z\":0,\"layer\":\"screen\",\"style\":{\"background\":\"#00FF00\"}}}")
                                  'ellipse))))
    (should (equal (dom-attributes ellipse)
                   '((cx . "25") (cy . "45") (rx . "15") (ry . "25") (fill . "#00FF00"))))))

(ert-deftest scenery-svg-line ()
  "A line strokes from `from' to `to' with butt caps; without them it fills its frame."
  (let* ((dom (scenery-svg-tests--render
               "{\"l\":{\"kind\":\"line\",\"frame\":[10,10,90,40],\"z\":0,\"layer\":\"screen\",
                       \"style\":{\"from\":[10,50],\"to\":[100,10],\"color\":\"#0000FF\",\"lineWidth\":3}},
                 \"h\":{\"kind\":\"line\",\"frame\":[0,100,375,0.333],\"z\":0,\"layer\":\"screen\",\"style\":{\"color\":\"#DCDCE0\"}},
                 \"m\":{\"kind\":\"line\",\"frame\":[0,0,10,10],\"z\":0,\"layer\":\"content\",
                       \"style\":{\"from\":[0,100],\"to\":[10,100]}}}"
               :content "{\"frame\":[5,50,365,700],\"width\":365,\"height\":2000,\"offsetY\":30}"))
         (lines (dom-by-tag dom 'line))
         (stroke (seq-find (lambda (l) (equal (dom-attr l 'stroke) "#0000FF")) lines))
         (moved (seq-find (lambda (l) (equal (dom-attr l 'stroke) "#000000")) lines)))
    (should (equal (dom-attributes stroke)
                   '((x1 . "10") (y1 . "50") (x2 . "100") (y2 . "10") (stroke . "#0000FF")
                     (stroke-width . "3") (stroke-linecap . "butt"))))
    ;; A content line's ends move with the content; the default width is 1.
    (should (equal (list (dom-attr moved 'x1) (dom-attr moved 'y1) (dom-attr moved 'stroke-width)) '("5" "120" "1")))
    (let ((hairline (seq-find (lambda (r) (equal (dom-attr r 'fill) "#DCDCE0")) (dom-by-tag dom 'rect))))
      (should (equal (dom-attr hairline 'height) "0.333"))
      (should (equal (dom-attr hairline 'y) "100")))))

(ert-deftest scenery-svg-draw-order ()
  "Nodes are drawn by z, then id in code point order, whatever the layer."
  (let* ((dom (scenery-svg-tests--render
               "{\"b\":{\"kind\":\"rect\",\"frame\":[0,0,1,1],\"z\":1,\"layer\":\"screen\",\"style\":{\"background\":\"#000001\"}},
                 \"a\":{\"kind\":\"rect\",\"frame\":[0,0,1,1],\"z\":2,\"layer\":\"screen\",\"style\":{\"background\":\"#000002\"}},
                 \"c\":{\"kind\":\"rect\",\"frame\":[0,0,1,1],\"z\":1,\"layer\":\"screen\",\"style\":{\"background\":\"#000003\"}},
                 \"B\":{\"kind\":\"rect\",\"frame\":[0,0,1,1],\"z\":1,\"layer\":\"content\",\"style\":{\"background\":\"#000004\"}}}"))
         (fills (mapcar (lambda (r) (dom-attr r 'fill)) (dom-by-tag (scenery-svg-tests--body dom) 'rect))))
    (should (equal fills '("#000004" "#000001" "#000003" "#000002")))
    (should (equal (scenery-svg-draw-order (gethash "nodes" (gethash "display" (scenery-svg-tests--state
                                                                                "{\"é\":{\"z\":0},\"z\":{\"z\":0},\"Z\":{\"z\":-1}}"))))
                   '("Z" "z" "é")))))

(ert-deftest scenery-svg-opacity ()
  "Opacity weights the whole node; 0 draws nothing."
  (let ((dom (scenery-svg-tests--render
              "{\"a\":{\"kind\":\"rect\",\"frame\":[0,0,10,10],\"z\":0,\"layer\":\"screen\",\"style\":{\"background\":\"#000000\",\"opacity\":0.4}},
                \"b\":{\"kind\":\"rect\",\"frame\":[0,0,10,10],\"z\":0,\"layer\":\"screen\",\"style\":{\"background\":\"#111111\",\"opacity\":0}}}")))
    (should (equal (dom-attr (car (dom-by-tag (scenery-svg-tests--body dom) 'g)) 'opacity) "0.4"))
    (should (null (seq-find (lambda (r) (equal (dom-attr r 'fill) "#111111")) (dom-by-tag dom 'rect))))))

(ert-deftest scenery-svg-corner-radius ()
  "A corner radius clips to a rounded rect, at most half the shorter side."
  (let* ((dom (scenery-svg-tests--render
               "{\"a\":{\"kind\":\"rect\",\"frame\":[0,0,100,30],\"z\":0,\"layer\":\"screen\",\"style\":{\"background\":\"#000000\",\"cornerRadius\":40}},
                 \"b\":{\"kind\":\"rect\",\"frame\":[0,50,100,30],\"z\":0,\"layer\":\"screen\",\"style\":{\"background\":\"#000000\",\"cornerRadius\":8}}}"))
         (groups (dom-by-tag (scenery-svg-tests--body dom) 'g))
         (clips (mapcar (lambda (g) (scenery-svg-tests--clip dom (scenery-svg-tests--clip-of g))) groups)))
    (should (equal (mapcar (lambda (c) (dom-attr c 'rx)) clips) '("15" "8")))
    (should (equal (dom-attr (cadr clips) 'y) "50"))))

(ert-deftest scenery-svg-content-offset-and-clip ()
  "A content node is moved by the content frame and offsetY and clipped to the frame."
  (let* ((dom (scenery-svg-tests--render
               "{\"row\":{\"kind\":\"rect\",\"frame\":[0,100,365,44],\"z\":0,\"layer\":\"content\",\"style\":{\"background\":\"#ABCDEF\"}},
                 \"bar\":{\"kind\":\"rect\",\"frame\":[0,0,375,44],\"z\":0,\"layer\":\"screen\",\"style\":{\"background\":\"#123456\"}}}"
               :content "{\"frame\":[5,88,365,600],\"width\":365,\"height\":2000,\"offsetY\":60.5}"))
         (content-clip (scenery-svg-tests--clip dom "content"))
         (row-group (seq-find (lambda (g) (equal (scenery-svg-tests--clip-of g) "content"))
                              (dom-by-tag (scenery-svg-tests--body dom) 'g)))
         (row (car (dom-by-tag row-group 'rect))))
    (should (equal (dom-attributes content-clip) '((x . "5") (y . "88") (width . "365") (height . "600"))))
    (should (equal (list (dom-attr row 'x) (dom-attr row 'y)) '("5" "127.5")))
    ;; A screen node is not clipped.
    (should (= 1 (length (seq-filter (lambda (g) (scenery-svg-tests--clip-of g)) (dom-by-tag (scenery-svg-tests--body dom) 'g)))))
    (should (equal (scenery-svg-screen-frame (gethash "row" (gethash "nodes" (gethash "display" (scenery-svg-tests--state
                                                                                                "{\"row\":{\"frame\":[1,2,3,4],\"layer\":\"content\"}}"
                                                                                                "{\"frame\":[10,20,30,40],\"offsetY\":5}"))))
                                             (scenery-json-parse "{\"frame\":[10,20,30,40],\"offsetY\":5}"))
                   '(11 17 3 4)))))

(ert-deftest scenery-svg-image-content-modes ()
  "An image is placed by contentMode and align, clipped to its frame, tinted by tint."
  (let* ((assets (scenery-svg-tests--assets "pic"))
         (dom (scenery-svg-tests--render
               "{\"fit\":{\"kind\":\"image\",\"image\":\"pic\",\"frame\":[0,0,50,40],\"z\":0,\"layer\":\"screen\",\"style\":{}},
                 \"left\":{\"kind\":\"image\",\"image\":\"pic\",\"frame\":[0,0,50,40],\"z\":1,\"layer\":\"screen\",\"style\":{\"align\":\"left\"}},
                 \"right\":{\"kind\":\"image\",\"image\":\"pic\",\"frame\":[0,0,50,40],\"z\":2,\"layer\":\"screen\",\"style\":{\"align\":\"right\",\"contentMode\":\"aspectFit\"}},
                 \"fill\":{\"kind\":\"image\",\"image\":\"pic\",\"frame\":[0,0,50,40],\"z\":3,\"layer\":\"screen\",\"style\":{\"contentMode\":\"aspectFill\",\"align\":\"left\"}},
                 \"stretch\":{\"kind\":\"image\",\"image\":\"pic\",\"frame\":[0,0,50,40],\"z\":4,\"layer\":\"screen\",\"style\":{\"contentMode\":\"scaleToFill\"}},
                 \"tinted\":{\"kind\":\"image\",\"image\":\"pic\",\"frame\":[60,70,20,20],\"z\":5,\"layer\":\"screen\",\"style\":{\"tint\":\"#FF9500\"}},
                 \"missing\":{\"kind\":\"image\",\"image\":\"nope\",\"frame\":[0,0,50,40],\"z\":6,\"layer\":\"screen\",\"style\":{}}}"
               :assets assets))
         (images (dom-by-tag dom 'image)))
    (should (equal (mapcar (lambda (i) (dom-attr i 'preserveAspectRatio)) images)
                   '("xMidYMid meet" "xMinYMid meet" "xMaxYMid meet" "xMidYMid slice" "none" "xMidYMid meet")))
    (should (string-prefix-p "data:image/png;base64,iVBOR" (dom-attr (car images) 'href)))
    (let* ((tinted (car (last images)))
           (filter (dom-by-id dom (let ((f (dom-attr tinted 'filter))) (and (string-match "url(#\\(.*\\))" f) (match-string 1 f))))))
      (should (equal (dom-attr (car (dom-by-tag filter 'feFlood)) 'flood-color) "#FF9500"))
      (should (equal (dom-attr (car (dom-by-tag filter 'feComposite)) 'operator) "in"))
      (should (equal (list (dom-attr tinted 'x) (dom-attr tinted 'y)) '("60" "70"))))
    ;; Each image is clipped to its frame.
    (should (equal (dom-attributes (scenery-svg-tests--clip dom (scenery-svg-tests--clip-of (car (dom-by-tag (scenery-svg-tests--body dom) 'g)))))
                   '((x . "0") (y . "0") (width . "50") (height . "40"))))))

(ert-deftest scenery-svg-movie-and-group ()
  "A movie shows its first frame aspect-filled over background; a group draws nothing."
  (let* ((dom (scenery-svg-tests--render
               "{\"m\":{\"kind\":\"movie\",\"frame\":[0,0,100,50],\"z\":0,\"layer\":\"screen\",\"style\":{\"background\":\"#222222\",\"movie\":\"film\",\"loop\":true}},
                 \"n\":{\"kind\":\"movie\",\"frame\":[0,60,100,50],\"z\":0,\"layer\":\"screen\",\"style\":{\"background\":\"#333333\",\"movie\":\"unloaded\"}},
                 \"g\":{\"kind\":\"group\",\"frame\":[0,0,375,812],\"z\":0,\"layer\":\"screen\",\"style\":{\"background\":\"#444444\"}}}"
               :assets (scenery-svg-tests--assets "film")))
         (fills (mapcar (lambda (r) (dom-attr r 'fill)) (dom-by-tag (scenery-svg-tests--body dom) 'rect))))
    (should (equal fills '("#222222" "#333333")))
    (should (= 1 (length (dom-by-tag dom 'image))))
    (should (equal (dom-attr (car (dom-by-tag dom 'image)) 'preserveAspectRatio) "xMidYMid slice"))))

(ert-deftest scenery-svg-animation ()
  "Declared rotations are drawn at now-ms, about the anchor or the centre."
  (let ((spin (scenery-json-parse "{\"property\":\"rotation\",\"keyframes\":[0,360],\"durationMs\":1000,\"startMs\":500,\"repeat\":true}"))
        (once (scenery-json-parse "{\"property\":\"rotation\",\"keyframes\":[-2,2,-2],\"durationMs\":200,\"startMs\":0,\"repeat\":false}")))
    (should (= (scenery-svg-turn spin 0) 0))
    (should (= (scenery-svg-turn spin 750) 90))
    (should (= (scenery-svg-turn spin 2750) 90))
    (should (= (scenery-svg-turn once 50) 0))
    (should (= (scenery-svg-turn once 150) 0))
    (should (= (scenery-svg-turn once 100) 2))
    (should (= (scenery-svg-turn once 1000) -2))
    (should (= (scenery-svg-turn nil 1000) 0)))
  (let* ((dom (scenery-svg-tests--render
               "{\"r\":{\"kind\":\"rect\",\"frame\":[10,20,40,60],\"z\":0,\"layer\":\"screen\",\"style\":{\"background\":\"#000000\"},
                       \"animation\":{\"property\":\"rotation\",\"keyframes\":[0,360],\"durationMs\":4000,\"startMs\":0,\"repeat\":true}},
                 \"s\":{\"kind\":\"rect\",\"frame\":[10,20,40,60],\"z\":1,\"layer\":\"screen\",\"style\":{\"background\":\"#000000\"},
                       \"animation\":{\"property\":\"rotation\",\"keyframes\":[0,-90],\"durationMs\":1000,\"startMs\":0,\"repeat\":false,\"anchor\":[0,0]}}}"
               :now 1000))
         (transforms (mapcar (lambda (g) (dom-attr g 'transform)) (dom-by-tag (scenery-svg-tests--body dom) 'g))))
    (should (equal transforms '("rotate(90 30 50)" "rotate(-90 0 0)")))))

(ert-deftest scenery-svg-text-runs ()
  "Text runs become tspans in their font, fallback, size, weight and colour."
  (let* ((dom (scenery-svg-tests--render
               "{\"t\":{\"kind\":\"text\",\"frame\":[10,20,300,40],\"z\":0,\"layer\":\"screen\",\"style\":{\"fontFallback\":\"DejaVu Sans Mono\"},
                       \"text\":[{\"text\":\"Hello \",\"font\":\"SF Pro Text\",\"size\":17,\"weight\":\"semibold\",\"color\":\"#FF0000\"},
                                 {\"text\":\"<world>\",\"font\":\"Mono\",\"size\":13,\"weight\":\"light\",\"color\":\"#00FF00\"}]}}"))
         (spans (dom-by-tag dom 'tspan))
         (text (car (dom-by-tag dom 'text))))
    (should (equal (mapcar #'dom-text spans) '("Hello " "<world>")))
    (should (equal (dom-attr (car spans) 'font-family) "'SF Pro Text', 'DejaVu Sans Mono', 'DejaVu Sans', sans-serif"))
    (should (equal (dom-attr (cadr spans) 'font-family) "Mono, 'DejaVu Sans Mono', 'DejaVu Sans', sans-serif"))
    (should (equal (mapcar (lambda (s) (dom-attr s 'font-weight)) spans) '("600" "300")))
    (should (equal (mapcar (lambda (s) (dom-attr s 'font-size)) spans) '("17" "13")))
    (should (equal (mapcar (lambda (s) (dom-attr s 'fill)) spans) '("#FF0000" "#00FF00")))
    ;; One line of 1.2 x 17, centred in 40: its box starts at 9.8; the baseline sits 0.35 em
    ;; below the line box's centre; the group is at the frame's origin, clipped to the box.
    (should (equal (dom-attr text 'y) (scenery-svg--num (+ 9.8 10.2 (* 0.35 17)))))
    (should (equal (dom-attr text 'text-anchor) "start"))
    (let ((outer (car (dom-by-tag (scenery-svg-tests--body dom) 'g))))
      (should (equal (dom-attr outer 'transform) "translate(10 20)"))
      (should (equal (dom-attributes (scenery-svg-tests--clip dom (scenery-svg-tests--clip-of (car (dom-non-text-children outer)))))
                     '((x . "0") (y . "0") (width . "300") (height . "40")))))
    ;; Blank text draws nothing.
    (should (null (dom-by-tag (scenery-svg-tests--render
                               "{\"t\":{\"kind\":\"text\",\"frame\":[0,0,100,20],\"z\":0,\"layer\":\"screen\",\"style\":{},
                                 \"text\":[{\"text\":\"  \",\"font\":\"F\",\"size\":17,\"weight\":\"regular\",\"color\":\"#000000\"}]}}")
                              'text)))))

(defun scenery-svg-tests--text-node (style text &optional frame size)
  "A text node JSON: STYLE (JSON text), TEXT, FRAME (JSON text), SIZE."
  (format "{\"t\":{\"kind\":\"text\",\"frame\":%s,\"z\":0,\"layer\":\"screen\",\"style\":%s,
            \"text\":[{\"text\":\"%s\",\"font\":\"F\",\"size\":%d,\"weight\":\"regular\",\"color\":\"#000000\"}]}}"
          (or frame "[0,0,100,60]") style text (or size 10)))

(ert-deftest scenery-svg-text-align-and-vertical-align ()
  "align sets the anchor and x; verticalAlign places the block of lines."
  (let ((attrs (lambda (style)
                 (let ((text (car (dom-by-tag (scenery-svg-tests--render (scenery-svg-tests--text-node style "Hi")) 'text))))
                   (list (dom-attr text 'x) (dom-attr text 'text-anchor) (dom-attr text 'y))))))
    ;; size 10: a line is 12 high; the baseline 6 + 3.5 below the block's top.
    (should (equal (funcall attrs "{}") '("0" "start" "33.5")))
    (should (equal (funcall attrs "{\"align\":\"center\",\"verticalAlign\":\"top\"}") '("50" "middle" "9.5")))
    (should (equal (funcall attrs "{\"align\":\"right\",\"verticalAlign\":\"bottom\"}") '("100" "end" "57.5")))))

(ert-deftest scenery-svg-text-lines-and-ellipsis ()
  "lines cuts the text with an ellipsis at the box's end; wrapping makes lines."
  (let* ((dom (scenery-svg-tests--render
               (scenery-svg-tests--text-node "{\"lines\":2,\"verticalAlign\":\"top\"}"
                                             "aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii")))
         (texts (dom-by-tag dom 'text)))
    ;; 20 characters a line: "aaaa bbbb cccc dddd", then the cut line and its ellipsis.
    (should (= (length texts) 3))
    (should (equal (dom-texts (nth 0 texts) "") "aaaa bbbb cccc dddd"))
    (should (equal (dom-texts (nth 1 texts) "") "eeee ffff gggg hhhh"))
    (should (equal (dom-texts (nth 2 texts) "") "…"))
    (should (equal (list (dom-attr (nth 2 texts) 'x) (dom-attr (nth 2 texts) 'text-anchor)) '("100" "end")))
    (should (equal (dom-attr (nth 1 texts) 'y) "21.5"))
    ;; The cut line is clipped 1 em short of the box's end.
    (let ((cut (seq-find (lambda (g) (and (scenery-svg-tests--clip-of g) (string-prefix-p "cut" (scenery-svg-tests--clip-of g))))
                         (dom-by-tag dom 'g))))
      (should (equal (dom-attr (scenery-svg-tests--clip dom (scenery-svg-tests--clip-of cut)) 'width) "90")))))

(ert-deftest scenery-svg-text-rotation ()
  "A static rotation lays out in the turned box and turns it about the frame's centre."
  (let* ((dom (scenery-svg-tests--render (scenery-svg-tests--text-node "{\"rotation\":-90}" "Side" "[10,20,30,200]")))
         (outer (car (dom-by-tag (scenery-svg-tests--body dom) 'g))))
    (should (equal (dom-attr outer 'transform) "translate(25 120) rotate(-90) translate(-100 -15)"))
    (should (equal (dom-attr (scenery-svg-tests--clip dom (scenery-svg-tests--clip-of (car (dom-non-text-children outer)))) 'width)
                   "200"))))

(defun scenery-svg-tests--lines (text width &optional max-lines sizes)
  "The lines of TEXT (a string, or a list of strings as runs) at WIDTH.
MAX-LINES as `lines'; SIZES the runs' sizes (default 10 each).  Each
line is a string; a cut layout ends with the symbol `cut'."
  (let* ((texts (if (listp text) text (list text)))
         (runs (seq-map-indexed (lambda (piece i)
                                  (scenery-json-parse (format "{\"text\":%s,\"size\":%d}" (json-serialize piece)
                                                              (or (nth i sizes) 10))))
                                texts))
         (layout (scenery-svg-layout-lines (vconcat runs) width max-lines)))
    (append (mapcar (lambda (line) (mapconcat #'cdr line "")) (car layout))
            (and (cdr layout) '(cut)))))

(ert-deftest scenery-svg-text-breaking ()
  "Lines break between words at 0.5 em a character, inside a word only when it must."
  ;; size 10: 5 points a character.
  (should (equal (scenery-svg-tests--lines "one two three" 100) '("one two three")))
  (should (equal (scenery-svg-tests--lines "one two three" 40) '("one two" "three")))
  ;; Exactly full: 8 characters in 40 points fit; the trailing space is not counted.
  (should (equal (scenery-svg-tests--lines "abcdefgh abc" 40) '("abcdefgh" "abc")))
  ;; After a hyphen.
  (should (equal (scenery-svg-tests--lines "well-known fact" 30) '("well-" "known" "fact")))
  ;; A word wider than the line breaks after the last letter that fits.
  (should (equal (scenery-svg-tests--lines "abcdefghijkl" 25) '("abcde" "fghij" "kl")))
  ;; A word that fits goes whole to the next line.
  (should (equal (scenery-svg-tests--lines "a abcde" 25) '("a" "abcde")))
  ;; A newline forces a break.
  (should (equal (scenery-svg-tests--lines "ab\ncd" 100) '("ab" "cd")))
  ;; lines 1: one line, cut with an ellipsis that fits the width.
  (should (equal (scenery-svg-tests--lines "one two three" 40 1) '("one two…" cut)))
  (should (equal (scenery-svg-tests--lines "one two" 100 1) '("one two")))
  ;; lines 2: the second line ends with an ellipsis when text is left.
  ;; The cut line keeps what fits before the ellipsis, letter by letter (as svg.js does).
  (should (equal (scenery-svg-tests--lines "aa bb cc dd ee" 25 2) '("aa bb" "cc d…" cut)))
  (should (equal (scenery-svg-tests--lines "aa bb cc" 25 2) '("aa bb" "cc")))
  ;; Runs of other sizes are measured in their own size; pieces keep their runs.
  (should (equal (scenery-svg-tests--lines '("aaa " "BBB") 40 0 '(10 20)) '("aaa" "BBB")))
  (let ((layout (scenery-svg-layout-lines
                 (vector (scenery-json-parse "{\"text\":\"ab \",\"size\":10}") (scenery-json-parse "{\"text\":\"cd\",\"size\":10}"))
                 100 0)))
    (should (equal (mapcar #'cdr (car (car layout))) '("ab " "cd")))))

(ert-deftest scenery-svg-nodes-at ()
  "The nodes under a point, topmost first; content nodes only inside the content frame."
  (let ((state (scenery-svg-tests--state
                "{\"bg\":{\"kind\":\"rect\",\"frame\":[0,0,375,812],\"z\":0,\"layer\":\"screen\",\"style\":{}},
                  \"row\":{\"kind\":\"rect\",\"frame\":[0,0,375,50],\"z\":1,\"layer\":\"content\",\"style\":{}},
                  \"top\":{\"kind\":\"rect\",\"frame\":[0,0,375,100],\"z\":2,\"layer\":\"screen\",\"style\":{}}}"
                "{\"frame\":[0,100,375,600],\"width\":375,\"height\":2000,\"offsetY\":20}")))
    (should (equal (scenery-svg-nodes-at state 10 50) '("top" "bg")))
    (should (equal (scenery-svg-nodes-at state 10 120) '("row" "bg")))
    (should (equal (scenery-svg-nodes-at state 10 200) '("bg")))))

(provide 'scenery-svg-tests)

;;; scenery-svg-tests.el ends here
