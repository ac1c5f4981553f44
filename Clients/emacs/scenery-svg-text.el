;;; scenery-svg-text.el --- Scenery's text nodes laid out and drawn as SVG -*- lexical-binding: t -*-

;; Copyright (C) 2025 The Scenery authors

;; Author: The Scenery authors
;; Keywords: multimedia, tools

;; This file is not part of GNU Emacs.

;;; Commentary:

;; Text runs laid out as the JavaScript package's writer
;; (Clients/js/svg.js) lays them out, at the engine's average advance of
;; 0.5 em (word wrap, `lines' with an ellipsis at the box's end), and a
;; text node drawn from them: `align', `verticalAlign', static
;; `rotation', clipped to its box.

;;; Code:

(require 'seq)
(require 'subr-x)
(require 'scenery-svg-base)

(defconst scenery-svg-advance 0.5
  "The engine's average advance, in em, at which text is laid out.")

(defconst scenery-svg--ellipsis "…"
  "What a cut line ends with.")

(defconst scenery-svg--ellipsis-room 1
  "The room a cut line keeps for its ellipsis at the box's end, in em.")

(defconst scenery-svg--weights
  '(("light" . 300) ("regular" . 400) ("medium" . 500) ("semibold" . 600) ("bold" . 700))
  "The CSS weight of each run weight.")

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

(provide 'scenery-svg-text)

;;; scenery-svg-text.el ends here
