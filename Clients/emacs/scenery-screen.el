;;; scenery-screen.el --- The Scenery phone screen drawn in its buffer -*- lexical-binding: t -*-

;; Copyright (C) 2025 The Scenery authors

;; Author: The Scenery authors
;; Keywords: multimedia, tools

;; This file is not part of GNU Emacs.

;;; Commentary:

;; The *scenery* buffer's picture: the mirror of the current session
;; drawn as one SVG image (`scenery-svg-render'), fitted to the window,
;; redrawn once for the changes of a moment and at a frame rate while
;; something moves by itself, with a dead engine's last words over it.
;; Also where the mouse is on that image (a window position as a screen
;; point, and back), what is under it (the hover text), and the side
;; windows of the model and the request log.

;;; Code:

(require 'cl-lib)
(require 'seq)
(require 'subr-x)
(require 'scenery-patch)
(require 'scenery-svg)
(require 'scenery-bands)
(require 'scenery-session)
(require 'scenery-access)

;;;; Options

(defcustom scenery-redraw-delay 0.016
  "Seconds a redraw waits, so that the changes of one moment are drawn once."
  :group 'scenery
  :type 'number)

(defcustom scenery-animation-fps 30
  "Frames a second while something on the screen moves by itself.
Fewer when a frame costs more than two thirds of the time between two."
  :group 'scenery
  :type 'number)

(defvar scenery-redraw-hook nil
  "Hook run after each redraw of the screen, in the *scenery* buffer.")

;;;; Drawing

(defconst scenery--buffer-name "*scenery*"
  "The screen's buffer.")

(defvar scenery--redraw-timer nil
  "The pending redraw, or nil.")

(defvar scenery--images nil
  "The images the buffer shows, top to bottom: a list of (TOP . IMAGE).")

(defvar scenery--picture nil
  "What the buffer shows, as `scenery-svg-picture' gives it.")

(defvar scenery--dead-text nil
  "The dead engine's words the buffer shows over the screen, or nil.")

(defvar scenery--factor nil
  "Window pixels a point of the image the buffer shows.")

(defvar scenery--shown-model nil
  "The model object the model window shows.")

(defvar scenery-last-redraw-ms nil
  "How long the last redraw took, in ms: its SVG, its image, on screen.")

(defvar scenery-last-svg-ms nil
  "How long the last redraw took to write its SVG, in ms.")

(defun scenery-current-svg ()
  "The SVG text of the screen as last drawn (nil before)."
  (and scenery--picture
       (let ((svg (scenery-svg-write scenery--picture)))
         (if scenery--dead-text
             (scenery--banner svg (nth 0 scenery--picture) (nth 1 scenery--picture) scenery--dead-text)
           svg))))

(defvar scenery--last-redraw-at 0
  "When the last redraw began (`float-time').")

(defun scenery--schedule-redraw ()
  "Draw the screen soon, once for every change till then.
Right after the lines at hand are read when the last redraw began
`scenery-redraw-delay' ago or more (a tap's change is drawn at once),
else when that much time has passed since it began (the changes of a
drag that arrive meanwhile are drawn together): at most one redraw
every `scenery-redraw-delay', and no wait after one that took longer."
  (unless (timerp scenery--redraw-timer)
    (setq scenery--redraw-timer
          (run-at-time (max 0 (- scenery-redraw-delay (- (float-time) scenery--last-redraw-at)))
                       nil #'scenery--redraw))))

(defun scenery--window ()
  "A window showing the *scenery* buffer, or nil."
  (let ((buffer (get-buffer scenery--buffer-name)))
    (and buffer (get-buffer-window buffer t))))

(defun scenery--fit (window width height device-scale)
  "Window pixels a point for a WIDTH x HEIGHT screen to fit WINDOW.
At most DEVICE-SCALE (the device's own pixels); 1 without a window."
  (if (not (and window (display-graphic-p (window-frame window))))
      1.0
    (let ((room-width (max 1 (- (window-body-width window t) 2)))
          (room-height (max 1 (- (window-body-height window t) 2))))
      (max 0.05 (min device-scale (/ (float room-width) width) (/ (float room-height) height))))))

(defun scenery--animating-p (state now-ms)
  "Return non-nil when a node of STATE is animated at NOW-MS."
  (let ((nodes (scenery-json-get state "display" "nodes")))
    (and (hash-table-p nodes)
         (catch 'found
           (maphash (lambda (_ node)
                      (let ((animation (and (hash-table-p node) (gethash "animation" node))))
                        (when (and (hash-table-p animation)
                                   (or (eq (gethash "repeat" animation) t)
                                       (< now-ms (+ (or (gethash "startMs" animation) 0)
                                                    (or (gethash "durationMs" animation) 0)))))
                          (throw 'found t))))
                    nodes)
           nil))))

(defun scenery--banner (svg width height text)
  "SVG with a dark veil over its WIDTH x HEIGHT screen and TEXT in it."
  (let* ((lines (car (scenery-svg-layout-lines
                      (vector (scenery-json-parse
                               (format "{\"text\":%s,\"size\":17,\"font\":\"sans-serif\",\"weight\":\"semibold\",\"color\":\"#FFFFFF\"}"
                                       (json-serialize text))))
                      ;; At 0.5 em a character, with room for a real face's wider glyphs.
                      (* 0.7 (- width 40)) 0)))
         (top (- (/ height 2.0) (* 0.6 17 (length lines))))
         (index -1))
    (concat (string-remove-suffix "</svg>\n" svg)
            (format "<rect width=\"%s\" height=\"%s\" fill=\"#000000\" opacity=\"0.5\"/>\n" width height)
            (format "<rect x=\"16\" y=\"%s\" width=\"%s\" height=\"%s\" rx=\"12\" fill=\"#000000\" opacity=\"0.75\"/>\n"
                    (- top 12) (- width 32) (+ 24 (* 20.4 (length lines)) 5))
            (mapconcat (lambda (line)
                         (setq index (1+ index))
                         (format "<text x=\"%s\" y=\"%s\" text-anchor=\"middle\" font-family=\"DejaVu Sans, sans-serif\" font-size=\"17\" font-weight=\"600\" fill=\"#FFFFFF\">%s</text>\n"
                                 (/ width 2.0) (+ top (* (1+ index) 20.4))
                                 (scenery-svg--escape (mapconcat #'cdr line ""))))
                       lines "")
            "</svg>\n")))

(defun scenery--redraw ()
  "Draw the current session's mirror in the *scenery* buffer, now."
  (setq scenery--redraw-timer nil)
  (let ((buffer (get-buffer scenery--buffer-name))
        (session scenery--current)
        ;; No collection till the frame is on screen.
        (gc-cons-threshold (max gc-cons-threshold scenery-gc-cons-threshold)))
    (when (buffer-live-p buffer)
      (with-current-buffer buffer
        (let ((inhibit-read-only t)
              (state (and session (scenery--session-state session)))
              (started (float-time)))
          (if (not (and state (scenery-json-get state "viewport")))
              (progn
                (erase-buffer)
                (insert (if (and session (scenery--session-dead session))
                            (concat (scenery--session-dead session) "\n\ng restarts it.")
                          "Starting the engine…"))
                (setq scenery--picture nil scenery--images nil scenery--factor nil))
            (let* ((viewport (scenery-json-get state "viewport"))
                   (width (gethash "width" viewport))
                   (height (gethash "height" viewport))
                   (device-scale (or (gethash "scale" viewport) 1))
                   (window (scenery--window))
                   (factor (scenery--fit window width height device-scale))
                   (now (scenery-session-now-ms))
                   ;; At the size it is shown (librsvg draws it at that size anyway),
                   ;; the pictures by file: URLs.
                   (scenery-svg-image-href (lambda (asset) (scenery--asset-href session asset)))
                   (picture (scenery-svg-picture state (scenery--session-assets session) now))
                   (_ (setq scenery-last-svg-ms (* 1000 (- (float-time) started))))
                   (directory (scenery--session-asset-directory session))
                   ;; librsvg reads a file: URL only under the folder of the base URI.
                   (dead (and (scenery--session-dead session)
                              (concat (scenery--session-dead session) ". Press g to restart it.")))
                   (images (scenery-bands-images
                            (if dead
                                (list (cons 0 (scenery--banner (scenery-svg-write picture factor) width height dead)))
                              (scenery-bands-svgs state picture factor (1+ (frame-char-height))
                                                  (scenery--session-assets session)))
                            (and directory (expand-file-name "screen.svg" directory))))
                   (margin (if window (max 0 (floor (- (window-body-width window t) (* factor width)) 2)) 0)))
              (scenery--read-assets session state)
              (erase-buffer)
              (scenery-bands-insert images margin factor 'help-echo #'scenery--help-echo 'pointer 'arrow)
              (goto-char (point-min))
              (setq scenery--images images scenery--picture picture scenery--dead-text dead
                    scenery--factor factor)))
          (force-mode-line-update)
          (scenery--refresh-model)
          ;; Drawn now rather than when Emacs is next idle, so that what a redraw costs
          ;; is known (the pace of animations follows it) and the hook sees it shown.
          (when (scenery--window) (redisplay))
          (setq scenery--last-redraw-at started
                scenery-last-redraw-ms (* 1000 (- (float-time) started)))
          (when (and state session (not (scenery--session-dead session))
                     (scenery--window)  ; nothing moves where nobody looks
                     (scenery--animating-p state (scenery-session-now-ms))
                     (not (timerp scenery--redraw-timer)))
            ;; The next frame of what moves by itself: at the frame rate asked for, or
            ;; slower when frames would take more than two thirds of the time (input
            ;; and the engine's answers get the rest).
            (setq scenery--redraw-timer
                  (run-at-time (max (/ 1.0 scenery-animation-fps) (/ (* 1.5 scenery-last-redraw-ms) 1000.0))
                               nil #'scenery--redraw)))
          (run-hooks 'scenery-redraw-hook))))))

;;;; Where the mouse is

(defun scenery--image-position ()
  "The buffer position of the screen's image in the *scenery* buffer."
  (with-current-buffer scenery--buffer-name
    (text-property-any (point-min) (point-max) 'scenery-image t)))

(defun scenery--image-origin (window)
  "The pixel position (X . Y) of the screen's image in WINDOW's text area."
  (let* ((position (scenery--image-position))
         (posn (and position (posn-at-point position window))))
    (and posn (posn-x-y posn))))

(defun scenery--posn-point (posn &optional clamp)
  "The screen point (X . Y), in points, of the mouse position POSN.
nil when POSN is not over the screen, unless CLAMP: then the nearest
point of the screen, while POSN is in the *scenery* window."
  (let* ((window (posn-window posn))
         (state (scenery-session-state))
         (viewport (scenery-json-get state "viewport")))
    (when (and (windowp window) scenery--factor viewport
               (eq (window-buffer window) (get-buffer scenery--buffer-name))
               (or clamp (null (posn-area posn))))
      (let ((xy (if (and (posn-image posn) (null (posn-area posn)))
                    (scenery--posn-band-x-y posn)
                  (let ((origin (scenery--image-origin window))
                        (at (posn-x-y posn)))
                    (and origin at (cons (- (car at) (car origin)) (- (cdr at) (cdr origin))))))))
        (when xy
          (let ((x (/ (car xy) scenery--factor))
                (y (/ (cdr xy) scenery--factor))
                (width (gethash "width" viewport))
                (height (gethash "height" viewport)))
            (cond (clamp (cons (scenery--round (min width (max 0 x))) (scenery--round (min height (max 0 y)))))
                  ((and (<= 0 x width) (<= 0 y height)) (cons (scenery--round x) (scenery--round y))))))))))

(defun scenery--posn-band-x-y (posn)
  "The pixel position (X . Y) on the whole screen of POSN, over one of its bands."
  (let ((xy (posn-object-x-y posn))
        (origin (and (integer-or-marker-p (posn-point posn))
                     (get-text-property (posn-point posn) 'scenery-band-origin (window-buffer (posn-window posn))))))
    (cons (+ (car xy) (or (car origin) 0)) (+ (cdr xy) (or (cdr origin) 0)))))

(defun scenery--round (value)
  "VALUE rounded to 1/1000."
  (/ (round (* value 1000)) 1000.0))

(defun scenery-point-screen-position (x y)
  "The absolute screen pixel position (X . Y) of the screen point X, Y.
For tests that move the real mouse; nil when the screen is not shown."
  (let* ((window (scenery--window))
         (origin (and window (scenery--image-origin window)))
         (edges (and window (window-inside-absolute-pixel-edges window))))
    (when (and origin edges scenery--factor)
      (cons (+ (nth 0 edges) (car origin) (round (* x scenery--factor)))
            (+ (nth 1 edges) (cdr origin) (round (* y scenery--factor)))))))

(defun scenery-describe-node (id)
  "Describe node ID of the mirrored state in a line: id, kind, role."
  (let ((node (scenery-json-get (scenery-session-state) "display" "nodes" id)))
    (when node
      (let ((role (scenery-json-get node "style" "role"))
            (text (and (equal (gethash "kind" node) "text") (scenery-svg-node-text node))))
        (concat id "  " (gethash "kind" node)
                (if (stringp role) (concat "  role " role) "")
                (if (and text (not (string-empty-p text))) (format "  %S" text) ""))))))

(defun scenery--help-echo (_window _object _position)
  "The node under the mouse, as `scenery--hover-text' describes it."
  (let* ((mouse (mouse-pixel-position))
         (posn (and (car mouse) (cadr mouse)
                    (posn-at-x-y (cadr mouse) (cddr mouse) (car mouse))))
         (point (and posn (scenery--posn-point posn)))
         (state (scenery-session-state)))
    (when (and point state)
      (scenery--hover-text state (car point) (cdr point)))))

(defun scenery--hover-text (state x y)
  "Describe what is at the screen point X, Y of STATE, for hovering.
The node as a screen reader is told it, from the engine's accessibility
list (`scenery-accessibility-hover-text'); a node that list leaves out,
decoration, by its id, kind and role, and the control it is in."
  (let ((ids (scenery-svg-nodes-at state x y)))
    (or (scenery-accessibility-hover-text ids)
        (let ((control (seq-find (lambda (id) (stringp (scenery-json-get state "display" "nodes" id "style" "role")))
                                 ids)))
          (concat (format "(%s, %s)  %s" x y (if ids (scenery-describe-node (car ids)) "nothing"))
                  (if (and control (not (equal control (car ids))))
                      (concat "\n  in " (scenery-describe-node control))
                    ""))))))

;;;; Side windows

(defun scenery--json-pretty (value &optional indent)
  "The JSON VALUE as indented text, keys sorted; INDENT is the current one."
  (let ((indent (or indent "")))
    (cond ((hash-table-p value)
           (if (zerop (hash-table-count value))
               "{}"
             (let ((inner (concat indent "  ")))
               (concat "{\n"
                       (mapconcat (lambda (key)
                                    (concat inner (json-serialize key) ": "
                                            (scenery--json-pretty (gethash key value) inner)))
                                  (sort (hash-table-keys value) #'string<) ",\n")
                       "\n" indent "}"))))
          ((vectorp value)
           (if (zerop (length value))
               "[]"
             (let ((inner (concat indent "  ")))
               (if (seq-every-p (lambda (item) (not (or (hash-table-p item) (vectorp item)))) value)
                   (concat "[" (mapconcat #'scenery-json-encode value ", ") "]")
                 (concat "[\n" (mapconcat (lambda (item) (concat inner (scenery--json-pretty item inner))) value ",\n")
                         "\n" indent "]")))))
          (t (scenery-json-encode value)))))

(defun scenery--refresh-model (&optional force)
  "Show the model in the model window when it is shown and changed (or FORCE)."
  (let* ((buffer (get-buffer "*scenery-model*"))
         (model (scenery-json-get (scenery-session-state) "model")))
    (when (and buffer (or force (get-buffer-window buffer t)) (or force (not (eq model scenery--shown-model))))
      (setq scenery--shown-model model)
      (with-current-buffer buffer
        (let ((inhibit-read-only t)
              (line (line-number-at-pos)))
          (erase-buffer)
          (insert (if model (scenery--json-pretty model) "no model yet") "\n")
          (goto-char (point-min))
          (forward-line (1- line)))))))

(defun scenery-show-model ()
  "Show the scene's model as JSON in a side window, kept up to date."
  (interactive)
  (let ((buffer (get-buffer-create "*scenery-model*")))
    (with-current-buffer buffer
      (unless (derived-mode-p 'special-mode) (special-mode))
      (setq buffer-undo-list t)
      (setq-local truncate-lines t))
    (scenery--refresh-model t)
    (display-buffer-in-side-window buffer '((side . right) (slot . 0) (window-width . 0.4)))))

(defun scenery-show-log ()
  "Show the request log (> sent, < received) in a side window."
  (interactive)
  (let ((buffer (get-buffer-create "*scenery-log*")))
    (with-current-buffer buffer
      (setq-local truncate-lines t)
      (goto-char (point-max)))
    (let ((window (display-buffer-in-side-window buffer '((side . bottom) (slot . 0) (window-height . 0.3)))))
      (when window (set-window-point window (with-current-buffer buffer (point-max)))))))

(provide 'scenery-screen)

;;; scenery-screen.el ends here
