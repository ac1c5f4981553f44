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
;;
;; The engine is $SCENERY_BIN when set, else `scenery' on the PATH (see
;; `scenery-program').  Hovering over the screen shows the id, kind and
;; role of the node under the mouse.

;;; Code:

(require 'cl-lib)
(require 'subr-x)
(require 'url-util)
(require 'scenery-patch)
(require 'scenery-svg)

;;;; Options

(defgroup scenery nil
  "A phone screen from the Scenery UI engine."
  :group 'multimedia
  :prefix "scenery-")

(defcustom scenery-program nil
  "The engine to run: a file name, or nil.
nil means $SCENERY_BIN when it is set, else `scenery' on the PATH."
  :type '(choice (const :tag "$SCENERY_BIN, else scenery on the PATH" nil) file))

(defcustom scenery-program-args nil
  "Arguments the engine is run with (`record' `-o' FILE records a session)."
  :type '(repeat string))

(defcustom scenery-data-root nil
  "A folder with the briefs' data (GoTest/, HooView/, ...), or nil.
When set, the scene picker offers first the scenes on the data found
there, and the engine runs in that folder."
  :type '(choice (const :tag "None" nil) directory))

(defcustom scenery-long-press-ms 500
  "How long a press is held, in ms, before it is a long press."
  :type 'integer)

(defcustom scenery-slop 10
  "How far, in points, a press may move and still be a tap or a long press."
  :type 'number)

(defcustom scenery-wheel-points 100
  "How many points one notch of the wheel scrolls (a browser's deltaY)."
  :type 'number)

(defcustom scenery-drag-poll 0.008
  "Seconds between two readings of the mouse while a button is held."
  :type 'number)

(defcustom scenery-redraw-delay 0.016
  "Seconds a redraw waits, so that the changes of one moment are drawn once."
  :type 'number)

(defcustom scenery-animation-fps 30
  "Frames a second while something on the screen moves by itself.
Fewer when a frame costs more than two thirds of the time between two."
  :type 'number)

(defcustom scenery-gc-cons-threshold (* 64 1024 1024)
  "The `gc-cons-threshold' while the screen is drawn or dragged.
A garbage collection costs about the same however little garbage there
is (15 ms on a small machine, to mark what lives), and a redraw makes
half a megabyte: at Emacs's default threshold, one every other frame.
Bound to this while the engine's output is read, a redraw is made and
a press is followed, collections wait till the frame is on screen, and
till the end of a drag (or this much garbage)."
  :type 'integer)

(defcustom scenery-log-max-lines 2000
  "The most lines the request log keeps."
  :type 'integer)

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

(defvar scenery-redraw-hook nil
  "Hook run after each redraw of the screen, in the *scenery* buffer.")

;;;; The session

(cl-defstruct (scenery--session (:constructor scenery--session-make) (:copier nil))
  "One engine process and the mirror of its state."
  process stderr program args directory
  (next-id 1) (waiting (make-hash-table))
  state (rev 0) gestures scenes clock progress
  (assets (make-hash-table :test 'equal)) (asset-requests (make-hash-table :test 'equal))
  (partial "") resyncing dead closing (resyncs 0)
  preset (device 0)
  asset-directory (asset-hrefs (make-hash-table :test 'eq)))

(defvar scenery--current nil
  "The session of the *scenery* buffer, or nil.")

(defvar scenery--gesture-sender #'scenery--send-gesture
  "The function that sends a gesture: it takes METHOD and PARAMS.")

(defconst scenery--buffer-name "*scenery*"
  "The screen's buffer.")

(defun scenery--program ()
  "The engine's file name: `scenery-program', $SCENERY_BIN, else scenery."
  (or scenery-program
      (let ((bin (getenv "SCENERY_BIN"))) (and bin (not (string-empty-p bin)) bin))
      (executable-find "scenery")
      (user-error "No engine: set SCENERY_BIN or `scenery-program', or put scenery on the PATH")))

(defun scenery--live-p (session)
  "Return non-nil when the engine of SESSION is up and answering."
  (and session (not (scenery--session-dead session)) (not (scenery--session-closing session))
       (process-live-p (scenery--session-process session))))

(defun scenery-session-state ()
  "The state document the current session mirrors (nil before one).
It is in the representation of `scenery-json-parse'."
  (and scenery--current (scenery--session-state scenery--current)))

(defun scenery-session-rev ()
  "The rev of the state the current session mirrors."
  (if scenery--current (scenery--session-rev scenery--current) 0))

(defun scenery-session-live-p ()
  "Return non-nil when the current session's engine is up."
  (scenery--live-p scenery--current))

(defun scenery-session-gestures ()
  "The gesture methods the open scene takes (`scene.open''s `gestures')."
  (and scenery--current (scenery--session-gestures scenery--current)))

(defun scenery-session-now-ms ()
  "The scene clock now, in ms: the last snapshot's nowMs plus the time since."
  (let ((clock (and scenery--current (scenery--session-clock scenery--current))))
    (if clock (+ (car clock) (* 1000 (- (float-time) (cdr clock)))) 0)))

(defun scenery--log (direction line)
  "Add LINE, sent (DIRECTION `>') or received (`<'), to the request log."
  (let ((buffer (get-buffer "*scenery-log*")))
    (unless buffer
      (setq buffer (get-buffer-create "*scenery-log*"))
      (with-current-buffer buffer
        (setq buffer-undo-list t)
        (setq-local truncate-lines t)))
    (with-current-buffer buffer
      (let ((inhibit-read-only t)
            (at-end (= (point) (point-max))))
        (save-excursion
          (goto-char (point-max))
          (insert direction " "
                  (if (> (length line) 400) (concat (substring line 0 400) "…") line)
                  "\n")
          (when (> (count-lines (point-min) (point-max)) (+ scenery-log-max-lines 200))
            (goto-char (point-min))
            (forward-line 200)
            (delete-region (point-min) (point))))
        (when at-end (goto-char (point-max)))))
    (let ((window (get-buffer-window buffer t)))
      (when window (set-window-point window (with-current-buffer buffer (point-max)))))))

(defun scenery-request (method &optional params callback errback)
  "Send request METHOD with PARAMS to the current session's engine.
PARAMS is an alist, a plist or a hash table (nil: no params).  CALLBACK
is called with the result (a hash table) once the engine has answered
and the answer's patch is in the mirror; ERRBACK with the error object
\(code, message) of an error answer, by default a message.  Returns the
request's id."
  (let ((session scenery--current))
    (unless (and session (process-live-p (scenery--session-process session)))
      (user-error "Scenery: no engine is running (g restarts it)"))
    (scenery--request session method params callback errback)))

(defun scenery--json-object (value)
  "VALUE with its alists and plists (keys symbols or strings) as hash tables.
nil is the empty object."
  (cond ((null value) (make-hash-table :test 'equal))
        ((and (consp value) (or (keywordp (car value))
                                (and (consp (car value)) (or (symbolp (caar value)) (stringp (caar value))))))
         (let ((table (make-hash-table :test 'equal))
               (pairs (if (keywordp (car value))
                          (cl-loop for (key item) on value by #'cddr collect (cons key item))
                        value)))
           (dolist (pair pairs)
             (let ((key (car pair)))
               (puthash (if (symbolp key) (string-remove-prefix ":" (symbol-name key)) key)
                        (let ((item (cdr pair))) (if (consp item) (scenery--json-object item) item))
                        table)))
           table))
        (t value)))

(defun scenery--request (session method params callback errback)
  "Send METHOD with PARAMS to SESSION; CALLBACK, ERRBACK as `scenery-request'."
  (let* ((id (scenery--session-next-id session))
         (line (format "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":%s,\"params\":%s}"
                       id (json-serialize method) (json-serialize (scenery--json-object params)))))
    (setf (scenery--session-next-id session) (1+ id))
    (puthash id (list method callback errback) (scenery--session-waiting session))
    (scenery--log ">" line)
    (process-send-string (scenery--session-process session) (concat line "\n"))
    id))

(defun scenery--filter (session)
  "The process filter of SESSION: whole lines go to `scenery--receive'."
  (lambda (_process output)
    (let* ((gc-cons-threshold (max gc-cons-threshold scenery-gc-cons-threshold))
           (text (concat (scenery--session-partial session) output))
           (lines (split-string text "\n")))
      (setf (scenery--session-partial session) (car (last lines)))
      (dolist (line (butlast lines))
        (unless (string-blank-p line)
          (condition-case err
              (scenery--receive session line)
            (error (message "Scenery: %s" (error-message-string err)))))))))

(defun scenery--receive (session line)
  "Handle one protocol LINE from SESSION's engine."
  (scenery--log "<" line)
  (let* ((message (scenery-json-parse line))
         (id (gethash "id" message)))
    (if (and id (not (eq id :null)))
        (let ((pending (gethash id (scenery--session-waiting session)))
              (error-object (gethash "error" message))
              (result (gethash "result" message)))
          (remhash id (scenery--session-waiting session))
          (if error-object
              (if (nth 2 pending)
                  (funcall (nth 2 pending) error-object)
                (message "Scenery: %s: %s" (or (car pending) "request") (gethash "message" error-object)))
            (when (hash-table-p result)
              (cond ((gethash "engine" result)
                     (setf (scenery--session-scenes session) (append (gethash "scenes" result) nil))
                     (scenery--take session (gethash "state" result) (gethash "rev" result)))
                    ((and (gethash "patch" result) (gethash "rev" result))
                     (scenery--change session (gethash "rev" result) (gethash "patch" result))))
              (when (and (equal (car pending) "scene.open") (gethash "gestures" result))
                (setf (scenery--session-gestures session) (append (gethash "gestures" result) nil))))
            (when (nth 1 pending) (funcall (nth 1 pending) result))))
      (let ((params (gethash "params" message)))
        (pcase (gethash "method" message)
          ("patch" (scenery--change session (gethash "rev" params) (gethash "patch" params)))
          ("progress" (setf (scenery--session-progress session) params)
           (scenery--schedule-redraw)))))))

(defun scenery--take (session state rev)
  "Make STATE at REV SESSION's mirror."
  (setf (scenery--session-state session) state
        (scenery--session-rev session) rev)
  (scenery--changed session))

(defun scenery--change (session rev patch)
  "Apply PATCH, from REV - 1 to REV, to SESSION's mirror.
A gap in the revs, or a patch that does not apply, resynchronises."
  (cond ((scenery--session-resyncing session) nil) ; the snapshot on its way has it
        ((and (zerop (length patch)) (eql rev (scenery--session-rev session))) nil)
        ((not (eql rev (1+ (scenery--session-rev session))))
         (scenery--resync session))
        (t (condition-case err
               (progn
                 (setf (scenery--session-state session)
                       (scenery-patch-apply (scenery--session-state session) patch)
                       (scenery--session-rev session) rev)
                 (scenery--changed session))
             (scenery-patch-error
              (message "Scenery: a patch did not apply (%s); resynchronising" (cadr err))
              (scenery--resync session))))))

(defun scenery--resync (session &optional then)
  "Replace SESSION's mirror by `snapshot' and learn the scene clock.
THEN is called with the snapshot."
  (unless (scenery--session-resyncing session)
    (setf (scenery--session-resyncing session) t)
    (scenery--request
     session "snapshot" nil
     (lambda (snapshot)
       (setf (scenery--session-resyncing session) nil
             (scenery--session-clock session) (cons (gethash "nowMs" snapshot) (float-time)))
       (cl-incf (scenery--session-resyncs session))
       (scenery--take session (gethash "state" snapshot) (gethash "rev" snapshot))
       (when then (funcall then snapshot)))
     (lambda (error-object)
       (setf (scenery--session-resyncing session) nil)
       (message "Scenery: snapshot: %s" (gethash "message" error-object))))))

(defun scenery--changed (session)
  "SESSION's mirror changed: draw it soon."
  (when (eq session scenery--current)
    (scenery--schedule-redraw)))

(defun scenery--sentinel (session)
  "The process sentinel of SESSION: a dead engine is shown as such."
  (lambda (process _event)
    (unless (process-live-p process)
      (unless (scenery--session-closing session)
        (setf (scenery--session-dead session)
              (format "The engine stopped (%s %s)%s"
                      (if (eq (process-status process) 'signal) "signal" "exit status")
                      (process-exit-status process)
                      (let ((last (scenery--last-stderr session)))
                        (if last (concat ": " last) ""))))
        (clrhash (scenery--session-waiting session))
        (scenery--changed session)))))

(defun scenery--last-stderr (session)
  "The last line SESSION's engine wrote on stderr, or nil."
  (let ((buffer (scenery--session-stderr session)))
    (when (buffer-live-p buffer)
      (with-current-buffer buffer
        (let ((lines (split-string (buffer-string) "\n" t "[ \t]+")))
          (car (last (seq-remove (lambda (l) (string-prefix-p "Process " l)) lines))))))))

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

(defun scenery-wait-until (predicate &optional timeout)
  "Accept the engine's output until PREDICATE gives non-nil.
Gives up after TIMEOUT seconds (default 10) and returns nil; else the
value of PREDICATE.  For scripts and tests."
  (let ((deadline (+ (float-time) (or timeout 10)))
        (value nil))
    (while (and (not (setq value (funcall predicate))) (< (float-time) deadline))
      (accept-process-output nil 0.01))
    value))

;;;; Drawing

(defun scenery--asset-href (session asset)
  "A file: URL of ASSET's picture, written once into SESSION's folder.
nil when it cannot be written.  The screen's SVG refers to each picture
by such a URL rather than carrying its data, which Emacs would otherwise
copy, base64-encode into its wrapper SVG and have librsvg parse and
decode on every redraw."
  (let ((hrefs (scenery--session-asset-hrefs session)))
    (or (gethash asset hrefs)
        (let ((data (scenery-svg--get asset "data")))
          (when (stringp data)
            (condition-case nil
                (let* ((directory (or (scenery--session-asset-directory session)
                                      (setf (scenery--session-asset-directory session)
                                            (make-temp-file "scenery-assets-" t))))
                       (mime (or (scenery-svg--get asset "mime") ""))
                       (file (expand-file-name
                              (format "%d.%s" (hash-table-count hrefs)
                                      (pcase mime ("image/png" "png") ("image/jpeg" "jpg") ("image/gif" "gif")
                                             ("image/svg+xml" "svg") (_ "bin")))
                              directory)))
                  (with-temp-buffer
                    (set-buffer-multibyte nil)
                    (insert (base64-decode-string data))
                    (let ((coding-system-for-write 'no-conversion))
                      (write-region nil nil file nil 'silent)))
                  (puthash asset (concat "file://" (url-hexify-string file url-path-allowed-chars)) hrefs))
              (error (puthash asset nil hrefs) nil)))))))

(defun scenery--delete-asset-files (session)
  "Delete the folder of SESSION's pictures."
  (let ((directory (scenery--session-asset-directory session)))
    (setf (scenery--session-asset-directory session) nil)
    (clrhash (scenery--session-asset-hrefs session))
    (when (and directory (file-directory-p directory))
      (ignore-errors (delete-directory directory t)))))

(defun scenery--delete-all-asset-files ()
  "Delete the current session's pictures, when Emacs ends."
  (when scenery--current (scenery--delete-asset-files scenery--current)))

(add-hook 'kill-emacs-hook #'scenery--delete-all-asset-files)

(defvar scenery--redraw-timer nil
  "The pending redraw, or nil.")

(defvar scenery--image nil
  "The image the buffer shows.")

(defvar scenery--svg nil
  "The SVG text of the image the buffer shows.")

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
  scenery--svg)

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

(defun scenery--read-assets (session state)
  "Ask SESSION's engine once for each asset STATE's nodes name."
  (let ((nodes (scenery-json-get state "display" "nodes"))
        (requests (scenery--session-asset-requests session)))
    (when (and (hash-table-p nodes) (scenery--live-p session))
      (maphash
       (lambda (_ node)
         (dolist (id (list (scenery-json-get node "image") (scenery-json-get node "style" "movie")))
           (when (and (stringp id) (not (gethash id requests)))
             (puthash id t requests)
             (scenery--request session "asset.read" `((id . ,id))
                               (lambda (asset)
                                 (puthash id asset (scenery--session-assets session))
                                 (scenery--changed session))
                               #'ignore))))
       nodes))))

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
                (setq scenery--svg nil scenery--factor nil))
            (let* ((viewport (scenery-json-get state "viewport"))
                   (width (gethash "width" viewport))
                   (height (gethash "height" viewport))
                   (device-scale (or (gethash "scale" viewport) 1))
                   (window (scenery--window))
                   (factor (scenery--fit window width height device-scale))
                   (now (scenery-session-now-ms))
                   ;; At the size it is shown (librsvg draws it at that size anyway),
                   ;; the pictures by file: URLs.
                   (svg (let ((scenery-svg-image-href (lambda (asset) (scenery--asset-href session asset))))
                          (scenery-svg-render state (scenery--session-assets session) now factor)))
                   (_ (setq scenery-last-svg-ms (* 1000 (- (float-time) started))))
                   (svg (if (scenery--session-dead session)
                            (scenery--banner svg width height
                                             (concat (scenery--session-dead session) ". Press g to restart it."))
                          svg))
                   (directory (scenery--session-asset-directory session))
                   ;; librsvg reads a file: URL only under the folder of the base URI.
                   (image (apply #'create-image svg 'svg t :scale 1.0
                                 (and directory (list :base-uri (expand-file-name "screen.svg" directory)))))
                   (old scenery--image)
                   (margin (if window (max 0 (floor (- (window-body-width window t) (* factor width)) 2)) 0)))
              (scenery--read-assets session state)
              (erase-buffer)
              (insert (propertize " " 'display `(space :width (,margin)))
                      (propertize "*" 'display image 'help-echo #'scenery--help-echo 'pointer 'arrow
                                  'scenery-image t))
              (goto-char (point-min))
              (setq scenery--image image scenery--svg svg scenery--factor factor)
              (when (and old (not (equal old image)) (display-graphic-p)) (image-flush old t))))
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
                    (posn-object-x-y posn)
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
  "The node under the mouse: its id, kind and role."
  (let* ((mouse (mouse-pixel-position))
         (posn (and (car mouse) (cadr mouse)
                    (posn-at-x-y (cadr mouse) (cddr mouse) (car mouse))))
         (point (and posn (scenery--posn-point posn)))
         (state (scenery-session-state)))
    (when (and point state)
      (let* ((ids (scenery-svg-nodes-at state (car point) (cdr point)))
             (control (seq-find (lambda (id) (stringp (scenery-json-get state "display" "nodes" id "style" "role")))
                                ids)))
        (concat (format "(%s, %s)  %s" (car point) (cdr point)
                        (if ids (scenery-describe-node (car ids)) "nothing"))
                (if (and control (not (equal control (car ids))))
                    (concat "\n  in " (scenery-describe-node control))
                  ""))))))

;;;; Gestures

(cl-defstruct (scenery--press (:constructor scenery--press-make) (:copier nil))
  "A mouse button held down: where it started, what the user saw, what it became."
  session start last rev t0 moved long mode timer)

(defvar scenery--press nil
  "The press under way, or nil.")

(defvar scenery--epoch (float-time)
  "The time the gestures' clock (their param t) counts from.")

(defun scenery--now-ms ()
  "Milliseconds on the gestures' clock."
  (round (* 1000 (- (float-time) scenery--epoch))))

(defun scenery--accepts (method)
  "Whether the open scene takes gesture METHOD."
  (member method (scenery-session-gestures)))

(defun scenery--send-gesture (method params)
  "Send gesture METHOD with PARAMS; an error answer is shown as a message."
  (scenery-request method params nil
                   (lambda (error-object)
                     (message "Scenery: %s: %s" method (gethash "message" error-object)))))

(defun scenery--gesture (session method params)
  "Send METHOD with PARAMS when SESSION is the live one and its scene takes METHOD."
  (when (and session (eq session scenery--current) (scenery--live-p session)
             (member method (scenery--session-gestures session)))
    (funcall scenery--gesture-sender method params)))

(defun scenery-gesture-down (x y)
  "A press began at the screen point X, Y."
  (let ((session scenery--current))
    (when (scenery--live-p session)
      (when scenery--press (scenery-gesture-cancel))
      (let ((press (scenery--press-make :session session :start (cons x y) :last (cons x y)
                                        :rev (scenery--session-rev session) :t0 (scenery--now-ms))))
        (setf (scenery--press-timer press)
              (run-at-time (/ scenery-long-press-ms 1000.0) nil #'scenery--gesture-held press))
        (setq scenery--press press)))))

(defun scenery--gesture-held (press)
  "PRESS lasted the long-press time without moving: a `longPress'."
  (when (and (eq scenery--press press) (not (scenery--press-moved press)))
    (setf (scenery--press-long press) t)
    (let ((start (scenery--press-start press)))
      (scenery--gesture (scenery--press-session press) "longPress"
                        `((x . ,(car start)) (y . ,(cdr start)) (baseRev . ,(scenery--press-rev press)))))))

(defun scenery-gesture-move (x y)
  "The press moved to the screen point X, Y."
  (let ((press scenery--press))
    (when press
      (let ((start (scenery--press-start press))
            (session (scenery--press-session press)))
        (when (and (not (scenery--press-moved press))
                   (>= (sqrt (+ (expt (- x (car start)) 2) (expt (- y (cdr start)) 2))) scenery-slop))
          (setf (scenery--press-moved press) t)
          (cancel-timer (scenery--press-timer press))
          (setf (scenery--press-mode press)
                (if (member "pan" (scenery--session-gestures session)) "pan" "scroll"))
          (when (equal (scenery--press-mode press) "pan")
            (scenery--gesture session "pan" `((phase . "began") (x . ,(car start)) (y . ,(cdr start))
                                              (t . ,(scenery--press-t0 press))))))
        (when (scenery--press-moved press)
          (if (equal (scenery--press-mode press) "pan")
              (scenery--gesture session "pan" `((phase . "changed") (x . ,x) (y . ,y) (t . ,(scenery--now-ms))))
            (let ((delta (- (cdr (scenery--press-last press)) y)))
              (unless (zerop delta)
                (scenery--gesture session "scroll" `((deltaY . ,delta))))))
          (setf (scenery--press-last press) (cons x y)))))))

(defun scenery-gesture-up (x y)
  "The press ended at the screen point X, Y."
  (let ((press scenery--press))
    (setq scenery--press nil)
    (when press
      (cancel-timer (scenery--press-timer press))
      (let ((session (scenery--press-session press))
            (start (scenery--press-start press)))
        (cond ((scenery--press-moved press)
               (when (equal (scenery--press-mode press) "pan")
                 (scenery--gesture session "pan" `((phase . "ended") (x . ,x) (y . ,y) (t . ,(scenery--now-ms))))))
              ((not (scenery--press-long press))
               (scenery--gesture session "tap" `((x . ,(car start)) (y . ,(cdr start))
                                                 (baseRev . ,(scenery--press-rev press))))))))))

(defun scenery-gesture-cancel ()
  "The press was taken away (another event came): a pan under way is cancelled."
  (let ((press scenery--press))
    (setq scenery--press nil)
    (when press
      (cancel-timer (scenery--press-timer press))
      (when (and (scenery--press-moved press) (equal (scenery--press-mode press) "pan"))
        (scenery--gesture (scenery--press-session press) "pan" '((phase . "cancelled")))))))

(defun scenery-gesture-wheel (delta-y)
  "The wheel turned by DELTA-Y points (positive: down the content)."
  (scenery--gesture scenery--current "scroll" `((deltaY . ,delta-y))))

(defun scenery-gesture-page (direction)
  "An arrow key: `page' in DIRECTION, \"next\" or \"previous\"."
  (scenery--gesture scenery--current "page" `((direction . ,direction))))

;;;; Commands

(defun scenery--mouse-point ()
  "The screen point under the mouse now, clamped to the screen; nil off its window."
  (let* ((mouse (mouse-pixel-position))
         (posn (and (cadr mouse) (cddr mouse)
                    (posn-at-x-y (cadr mouse) (cddr mouse) (car mouse)))))
    (and posn (scenery--posn-point posn t))))

(defun scenery-mouse-down (event)
  "Follow the press of EVENT till its release: a tap, long press or drag.
The mouse is read every `scenery-drag-poll' seconds while the button is
held (Emacs reports no movement within the one image), and from the
movement events that do come."
  (interactive "e")
  (let ((point (scenery--posn-point (event-start event))))
    (when point
      (scenery-gesture-down (car point) (cdr point))
      (let ((done nil)
            (last point)
            ;; No collection during the drag (its frames are drawn from in here).
            (gc-cons-threshold (max gc-cons-threshold scenery-gc-cons-threshold)))
        (track-mouse
          (while (and (not done) scenery--press)
            (let* ((next (read-event nil nil scenery-drag-poll))
                   (at (cond ((null next) (scenery--mouse-point))
                             ((mouse-movement-p next) (scenery--posn-point (event-start next) t)))))
              (when (and at (not (equal at last)))
                (setq last at)
                (scenery-gesture-move (car at) (cdr at)))
              (cond ((or (null next) (mouse-movement-p next)) nil)
                    ((and (consp next) (eq (event-basic-type next) 'mouse-1)
                          (not (memq 'down (event-modifiers next))))
                     (let ((end (or (scenery--posn-point (event-end next) t) last)))
                       (when (and scenery--press (not (equal end last)))
                         (scenery-gesture-move (car end) (cdr end)))
                       (scenery-gesture-up (car end) (cdr end)))
                     (setq done t))
                    ((memq (car-safe next) '(help-echo select-window switch-frame focus-in focus-out)) nil)
                    (t (scenery-gesture-cancel)
                       (push next unread-command-events)
                       (setq done t))))))))))

(defun scenery-wheel-down (event)
  "The wheel turned down over the screen (EVENT): scroll by a notch."
  (interactive "e")
  (when (scenery--posn-point (event-start event))
    (scenery-gesture-wheel scenery-wheel-points)))

(defun scenery-wheel-up (event)
  "The wheel turned up over the screen (EVENT): scroll back by a notch."
  (interactive "e")
  (when (scenery--posn-point (event-start event))
    (scenery-gesture-wheel (- scenery-wheel-points))))

(defun scenery-next-page ()
  "Send `page' next, where the scene takes it."
  (interactive)
  (scenery-gesture-page "next"))

(defun scenery-previous-page ()
  "Send `page' previous, where the scene takes it."
  (interactive)
  (scenery-gesture-page "previous"))

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
    (define-key map "q" #'scenery-quit)
    map)
  "Keys of `scenery-mode'.")

(defvar scenery--clock-timer nil
  "The timer that keeps the header line's clock going.")

(define-derived-mode scenery-mode special-mode "Scenery"
  "The phone screen of a Scenery engine session.
A click is a `tap', a held press a `longPress' (where the scene takes
it), a drag a `pan' (where the scene takes it) or else a `scroll'; the
wheel scrolls; the arrow keys page.

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
