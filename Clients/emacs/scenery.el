;;; scenery.el --- A phone screen from the Scenery UI engine, drawn in a buffer -*- lexical-binding: t -*-

;; Copyright (C) 2025 The Scenery authors

;; Author: The Scenery authors
;; Version: 0.1.0
;; Package-Requires: ((emacs "28.1"))
;; Keywords: multimedia, tools

;; This file is not part of GNU Emacs.

;;; Commentary:

;; Scenery is a headless UI engine: one process, `scenery', reads
;; newline-delimited JSON-RPC on its stdin and writes the changes of its
;; state as RFC 6902 patches on its stdout (Protocol/PROTOCOL.md).  This
;; package is a front end of it in Emacs: `M-x scenery' runs the engine
;; over a pipe, keeps a mirror of its state document, draws the phone's
;; screen as one SVG image in the buffer *scenery*, and forwards what
;; you do with the mouse and keys as the protocol's gestures:
;;
;;   click               `tap' at the point
;;   hold 500 ms         `longPress' where the scene takes it
;;   drag                `pan' where the scene takes it, else `scroll'
;;   wheel               `scroll'
;;   <left> / <right>    `page' previous / next
;;   s / d               pick the scene / the device
;;   g or r              restart the engine
;;   m / l               the model as JSON / the request log, beside
;;   a                   the screen as a screen reader reads it
;;
;; The engine is $SCENERY_BIN when set, else `scenery' on the PATH (see
;; `scenery-program').  Hovering over the screen shows the node under
;; the mouse as a screen reader is told it (role, name, states, id), and
;; `a' lists the screen in reading order in a buffer of its own, where
;; RET taps the node at point: the keyboard's way, which Emacspeak reads.
;;
;; The package's files, one concern each:
;;
;;   scenery.el          this file: `M-x scenery', `scenery-mode', the
;;                       header line, starting a session on a scene and
;;                       a device, the pickers
;;   scenery-session.el  the engine's protocol session: requests by id,
;;                       the mirror of its state, resync, assets
;;   scenery-screen.el   the screen drawn in *scenery*, where the mouse
;;                       is on it, hover, the model and log windows
;;   scenery-input.el    mouse and keys as gestures
;;   scenery-access.el   what a screen reader is told, from the engine:
;;                       hover, announcements
;;   scenery-reader.el   the screen read one node a line, RET taps
;;   scenery-svg.el      the state document as SVG
;;   scenery-patch.el    RFC 6902 JSON Patch, the JSON representation
;;   scenery-stepper.el  stepping through goldens (with
;;                       scenery-stepper-steps.el and -replay.el)

;;; Code:

(require 'cl-lib)
(require 'subr-x)
(require 'scenery-patch)
(require 'scenery-svg)
(require 'scenery-session)
(require 'scenery-screen)
(require 'scenery-input)
(require 'scenery-reader)

;;;; Options

(defcustom scenery-data-root nil
  "A folder with the briefs' data (GoTest/, HooView/, ...), or nil.
When set, the scene picker offers first the scenes on the data found
there, and the engine runs in that folder."
  :group 'scenery
  :type '(choice (const :tag "None" nil) directory))

(defcustom scenery-devices
  '(("iPhone X (375x812)" 375 812 3 (44 0 34 0))
    ("iPhone 16e (390x844)" 390 844 3 (47 0 34 0))
    ("iPhone 17 Pro Max (440x956)" 440 956 3 (62 0 34 0))
    ("iPhone X landscape (812x375)" 812 375 3 (0 44 21 44))
    ("HooView mocks (320x480 @2x)" 320 480 2 (20 0 0 0))
    ("Exhibition mock (375x667 @2x)" 375 667 2 (0 0 0 0)))
  "The devices of the device picker, as the page's.
Each is (TITLE WIDTH HEIGHT SCALE (TOP LEFT BOTTOM RIGHT)): the viewport
in points, its scale and its safe area."
  :group 'scenery
  :type '(repeat (list string integer integer integer (list integer integer integer integer))))

(defconst scenery--briefs
  '(("Directory: GoTest data" "directory"
     (("events" . "GoTest/events.json") ("people" . "GoTest/people.json")))
    ("Hoo: the nine sets" "hoo" (("sets" . "HooView/HooSets")))
    ("Exhibition: the original art" "exhibition" (("resources" . "Exhibition/resources")))
    ("Shelf: example_books.json and the original art" "shelf"
     (("books" . "SladerChallenge/example_books.json") ("resources" . "SladerChallenge/image_assets")))
    ("Photos: the brief's endpoint sample" "photos"
     (("endpoint" . "file:AVPhotoApp/homework.sample.json"))))
  "The presets on the briefs' data, offered when `scenery-data-root' holds it.")

;;;; Starting a session

(defun scenery--viewport (device)
  "The `viewport.set' params of DEVICE, an index into `scenery-devices'."
  (pcase-let ((`(,_ ,width ,height ,scale (,top ,left ,bottom ,right)) (nth device scenery-devices)))
    `((width . ,width) (height . ,height) (scale . ,scale)
      (safeArea . ((top . ,top) (left . ,left) (bottom . ,bottom) (right . ,right))))))

(defun scenery--presets (scenes)
  "Return the presets of the scene picker.
First the briefs found under `scenery-data-root', then the samples of SCENES.
Each is (TITLE SCENE PARAMS)."
  (append
   (and scenery-data-root
        (seq-filter (lambda (preset)
                      (seq-every-p (lambda (param)
                                     (file-exists-p (expand-file-name (string-remove-prefix "file:" (cdr param))
                                                                      scenery-data-root)))
                                   (nth 2 preset)))
                    scenery--briefs))
   (mapcar (lambda (scene) (list (concat (capitalize (substring scene 0 1)) (substring scene 1) ": built-in sample")
                                 scene nil))
           scenes)))

(defun scenery--start (preset device)
  "Start an engine and open PRESET (TITLE SCENE PARAMS, or nil) on DEVICE.
Returns the new session, which becomes the current one."
  (when scenery--current (scenery--close scenery--current))
  (let* ((program (scenery--program))
         (stderr (get-buffer-create " *scenery-stderr*"))
         (session (scenery--session-make :program program :args scenery-program-args
                                         :preset preset :device device
                                         :directory (if scenery-data-root
                                                        (file-name-as-directory (expand-file-name scenery-data-root))
                                                      default-directory))))
    (with-current-buffer stderr (let ((inhibit-read-only t)) (erase-buffer)))
    (setf (scenery--session-stderr session) stderr)
    (setq scenery--current session)
    (condition-case err
        (let ((default-directory (scenery--session-directory session))
              ;; Every answer is read as soon as it comes (adaptive buffering
              ;; would hold small reads back for up to tens of ms).
              (process-adaptive-read-buffering nil))
          (setf (scenery--session-process session)
                (make-process :name "scenery" :command (cons program scenery-program-args)
                              :connection-type 'pipe :coding 'utf-8-unix :noquery t
                              :stderr stderr
                              :filter (scenery--filter session)
                              :sentinel (scenery--sentinel session))))
      (error (setf (scenery--session-dead session)
                   (format "Could not start %s: %s" program (error-message-string err)))
             (scenery--schedule-redraw)))
    (when (scenery--session-process session)
      (scenery--request
       session "initialize" `((protocolVersion . "1.0") (clock . "real") (viewport . ,(scenery--viewport device)))
       (lambda (_)
         (scenery--resync
          session
          (lambda (_)
            (let ((preset (or preset (car (scenery--presets (scenery--session-scenes session))))))
              (setf (scenery--session-preset session) preset)
              (scenery--open-preset session preset)))))
       (lambda (error-object)
         (setf (scenery--session-dead session) (format "initialize: %s" (gethash "message" error-object)))
         (scenery--schedule-redraw))))
    session))

(defun scenery--open-preset (session preset)
  "Open PRESET (TITLE SCENE PARAMS) in SESSION with `scene.open'."
  (scenery--request session "scene.open" (cons (cons "scene" (nth 1 preset)) (nth 2 preset))
                    (lambda (_) (scenery--schedule-redraw))
                    (lambda (error-object)
                      (message "Scenery: scene.open: %s" (gethash "message" error-object)))))

(defun scenery--close (session)
  "End SESSION on purpose: `shutdown', then the process is left to end."
  (let ((process (scenery--session-process session)))
    (setf (scenery--session-closing session) t)
    (when (process-live-p process)
      (ignore-errors
        (process-send-string process "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"shutdown\",\"params\":{}}\n")
        (process-send-eof process))
      (run-at-time 2 nil (lambda () (when (process-live-p process) (delete-process process)))))
    (scenery--delete-asset-files session)
    (when (eq scenery--current session) (setq scenery--current nil))))

;;;; Commands

(defun scenery-pick-scene (title)
  "Open the scene of the preset TITLE (`scene.open')."
  (interactive
   (list (completing-read "Scene: " (mapcar #'car (scenery--presets (and scenery--current (scenery--session-scenes scenery--current))))
                          nil t)))
  (let* ((session scenery--current)
         (preset (assoc title (scenery--presets (and session (scenery--session-scenes session))))))
    (when preset
      (if (scenery--live-p session)
          (progn (setf (scenery--session-preset session) preset)
                 (scenery--open-preset session preset))
        (scenery--start preset (if session (scenery--session-device session) 0))))))

(defun scenery-pick-device (title)
  "Show the screen on the device TITLE of `scenery-devices' (`viewport.set')."
  (interactive (list (completing-read "Device: " (mapcar #'car scenery-devices) nil t)))
  (let ((index (seq-position (mapcar #'car scenery-devices) title))
        (session scenery--current))
    (when index
      (if (scenery--live-p session)
          (progn (setf (scenery--session-device session) index)
                 (scenery-request "viewport.set" (scenery--viewport index)))
        (scenery--start (and session (scenery--session-preset session)) index)))))

(defun scenery-restart ()
  "Start a new engine on the same scene and device."
  (interactive)
  (let ((session scenery--current))
    (let ((scenery-program (or (and session (scenery--session-program session)) scenery-program))
          (scenery-program-args (if session (scenery--session-args session) scenery-program-args)))
      (scenery--start (and session (scenery--session-preset session))
                      (if session (scenery--session-device session) 0)))
    (scenery--schedule-redraw)))

(defun scenery-quit ()
  "End the session and bury the screen."
  (interactive)
  (when scenery--current (scenery--close scenery--current))
  (quit-window t))

;;;; The mode

(defun scenery--header-line ()
  "The header line: scene, device, rev, clock and the engine's state."
  (let* ((session scenery--current)
         (state (scenery-session-state))
         (progress (and session (scenery--session-progress session))))
    (string-join
     (delq nil
           (list (format "%s" (or (and state (scenery-svg--value (gethash "scene" state))) "no scene"))
                 (and session (car (nth (scenery--session-device session) scenery-devices)))
                 (format "rev %d" (scenery-session-rev))
                 (format "%.1f s" (/ (scenery-session-now-ms) 1000.0))
                 (cond ((null session) "no engine")
                       ((scenery--session-dead session) "engine stopped (g restarts it)")
                       ((scenery--session-resyncing session) "resynchronising")
                       ((not (process-live-p (scenery--session-process session))) "ended")
                       ((null state) "starting")
                       (t "live"))
                 (and progress (hash-table-p progress)
                      (format "%s %s/%s" (gethash "job" progress) (gethash "done" progress) (gethash "total" progress)))))
     "  ·  ")))

(defvar scenery-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map [down-mouse-1] #'scenery-mouse-down)
    (define-key map [mouse-1] #'ignore)
    (define-key map [drag-mouse-1] #'ignore)
    (define-key map [double-mouse-1] #'ignore)
    (define-key map [triple-mouse-1] #'ignore)
    (define-key map [wheel-down] #'scenery-wheel-down)
    (define-key map [wheel-up] #'scenery-wheel-up)
    (define-key map [mouse-5] #'scenery-wheel-down)
    (define-key map [mouse-4] #'scenery-wheel-up)
    (define-key map [right] #'scenery-next-page)
    (define-key map [left] #'scenery-previous-page)
    (define-key map "s" #'scenery-pick-scene)
    (define-key map "d" #'scenery-pick-device)
    (define-key map "g" #'scenery-restart)
    (define-key map "r" #'scenery-restart)
    (define-key map "m" #'scenery-show-model)
    (define-key map "l" #'scenery-show-log)
    (define-key map "a" #'scenery-reader)
    (define-key map "q" #'scenery-quit)
    map)
  "Keys of `scenery-mode'.")

(defvar scenery--clock-timer nil
  "The timer that keeps the header line's clock going.")

(define-derived-mode scenery-mode special-mode "Scenery"
  "The phone screen of a Scenery engine session.
A click is a `tap', a held press a `longPress' (where the scene takes
it), a drag a `pan' (where the scene takes it) or else a `scroll'; the
wheel scrolls; the arrow keys page.  Hovering shows the node under the
mouse as a screen reader is told it; \\[scenery-reader] shows the screen
in reading order, one node a line, where RET taps the node at point.

\\{scenery-mode-map}"
  (setq-local cursor-type nil)
  (setq buffer-undo-list t)             ; the old pictures are not kept for undo
  (setq-local truncate-lines t)
  (setq-local show-trailing-whitespace nil)
  (setq-local vertical-scroll-bar nil)
  (setq-local horizontal-scroll-bar nil)
  (setq-local header-line-format '(:eval (scenery--header-line)))
  (add-hook 'window-size-change-functions (lambda (_) (scenery--schedule-redraw)) nil t)
  (add-hook 'window-configuration-change-hook #'scenery--schedule-redraw nil t)
  (add-hook 'kill-buffer-hook #'scenery--buffer-killed nil t)
  (unless (timerp scenery--clock-timer)
    (setq scenery--clock-timer (run-at-time 1 1 #'scenery--tick))))

(defun scenery--tick ()
  "Move the header line's clock on, while the screen is shown."
  (let ((window (scenery--window)))
    (if (not (get-buffer scenery--buffer-name))
        (progn (cancel-timer scenery--clock-timer) (setq scenery--clock-timer nil))
      (when window (with-current-buffer (window-buffer window) (force-mode-line-update))))))

(defun scenery--buffer-killed ()
  "The screen's buffer is killed: its session ends."
  (when scenery--current (scenery--close scenery--current))
  (when (timerp scenery--clock-timer) (cancel-timer scenery--clock-timer))
  (setq scenery--clock-timer nil))

(defun scenery--missing ()
  "What this Emacs lacks for Scenery, as a list of strings."
  (delq nil (list (unless (image-type-available-p 'svg) "SVG images (Emacs built with librsvg)")
                  (unless (and (fboundp 'json-available-p) (json-available-p))
                    "native JSON (Emacs built with libjansson)"))))

;;;###autoload
(defun scenery ()
  "Show a Scenery engine's phone screen in the buffer *scenery*.
Starts the engine ($SCENERY_BIN, else scenery on the PATH; see
`scenery-program') unless one runs, opens the first scene on the first
device and forwards clicks, drags, the wheel and the arrow keys."
  (interactive)
  (let ((missing (scenery--missing)))
    (when missing
      (user-error "Scenery needs %s, which this Emacs lacks" (string-join missing " and "))))
  (let ((buffer (get-buffer-create scenery--buffer-name))
        (session scenery--current))
    (with-current-buffer buffer
      (unless (derived-mode-p 'scenery-mode) (scenery-mode)))
    (pop-to-buffer-same-window buffer)
    (when (or (not (scenery--live-p session))
              (not (equal (scenery--session-program session) (scenery--program)))
              (not (equal (scenery--session-args session) scenery-program-args)))
      (scenery--start (and session (scenery--session-preset session))
                      (if session (scenery--session-device session) 0)))
    (scenery--schedule-redraw)
    buffer))

(provide 'scenery)

;;; scenery.el ends here
