;;; scenery-svg-base.el --- The values and definitions Scenery's SVG writer shares -*- lexical-binding: t -*-

;; Copyright (C) 2025 The Scenery authors

;; Author: The Scenery authors
;; Keywords: multimedia, tools

;; This file is not part of GNU Emacs.

;;; Commentary:

;; What scenery-svg.el and scenery-svg-text.el both use: JSON members
;; read as the writer reads them (absent, null and false are nil),
;; numbers and text as SVG writes them, a node's frame on the screen,
;; the draw order, and the definitions (clip paths, filters) of the node
;; being drawn, named after the node so that a node's SVG does not
;; depend on the nodes drawn before it.

;;; Code:

(require 'seq)
(require 'subr-x)
(require 'scenery-patch)

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

(defun scenery-svg--hidden-p (node content)
  "Non-nil when NODE is a content node clear of the content frame's rows.
It draws nothing then, clipped to the content frame; a line or a turned
node never counts.  CONTENT is `display.content'."
  (and content (equal (scenery-svg--get node "layer") "content")
       (not (equal (scenery-svg--get node "kind") "line"))
       (not (scenery-svg--get node "animation"))
       (member (or (scenery-svg--get (scenery-svg--get node "style") "rotation") 0) '(0 0.0))
       (pcase-let ((`(,_ ,y ,_ ,h) (scenery-svg-screen-frame node content))
                   (`(,_ ,cy ,_ ,ch) (scenery-svg--frame content)))
         (or (>= y (+ cy ch)) (<= (+ y h) cy)))))

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

;;; Definitions

(defvar scenery-svg--defs nil
  "The definitions (clip paths, filters) of the node being drawn, reversed.")

(defvar scenery-svg--next 0
  "The last number given to a definition of the node being drawn.")

(defvar scenery-svg--owner ""
  "The node being drawn's id as it goes into definition ids.")

(defun scenery-svg--owner-name (id)
  "The node ID made fit for a definition's id.
Characters other than letters, digits, `.' and `-' are written _XX
\(hexadecimal)."
  (replace-regexp-in-string "[^A-Za-z0-9.-]"
                            (lambda (c) (format "_%X" (string-to-char c))) id t t))

(defun scenery-svg--id (prefix)
  "A new definition id starting with PREFIX, unique in the picture."
  (setq scenery-svg--next (1+ scenery-svg--next))
  (format "%s%d-%s" prefix scenery-svg--next scenery-svg--owner))

(defun scenery-svg--def (text)
  "Add TEXT to the definitions of the node being drawn."
  (push text scenery-svg--defs))

(defun scenery-svg--rect-attributes (x y w h)
  "The x, y, width and height attributes of the box X Y W H."
  (format "x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\"" (scenery-svg--num x) (scenery-svg--num y)
          (scenery-svg--num (max 0 w)) (scenery-svg--num (max 0 h))))

(defun scenery-svg--clip-rect (id x y w h)
  "Define clip path ID, the rectangle X Y W H."
  (scenery-svg--def (format "<clipPath id=\"%s\"><rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\"/></clipPath>"
                            id (scenery-svg--num x) (scenery-svg--num y) (scenery-svg--num w) (scenery-svg--num h))))

(provide 'scenery-svg-base)

;;; scenery-svg-base.el ends here
