;;; scenery-session.el --- The Scenery engine's session: requests, mirror, assets -*- lexical-binding: t -*-

;; Copyright (C) 2025 The Scenery authors

;; Author: The Scenery authors
;; Keywords: multimedia, tools

;; This file is not part of GNU Emacs.

;;; Commentary:

;; One engine process seen through its protocol (Protocol/PROTOCOL.md,
;; sections 2 to 4): the `scenery--session' record, the requests sent by
;; id and their answers matched to their callbacks (`scenery-request'),
;; the mirror of the state document kept by applying every patch in rev
;; order (a gap or a patch that does not apply resynchronises with a
;; `snapshot'), the request log, a dead engine's last words, and the
;; pictures (assets), asked for once and written to files that the
;; screen's SVG refers to.
;;
;; `scenery--start' (scenery.el) makes the process; the screen
;; (scenery-screen.el) is drawn again after each change of the mirror.

;;; Code:

(require 'cl-lib)
(require 'subr-x)
(require 'url-util)
(require 'scenery-patch)
(require 'scenery-svg)

(declare-function scenery--schedule-redraw "scenery-screen" ())

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

;;;; The session

(cl-defstruct (scenery--session (:constructor scenery--session-make) (:copier nil))
  "One engine process and the mirror of its state."
  process stderr program args directory
  (next-id 1) (waiting (make-hash-table))
  state (rev 0) gestures scenes clock progress
  (assets (make-hash-table :test 'equal)) (asset-requests (make-hash-table :test 'equal))
  (partial "") resyncing dead closing (resyncs 0)
  preset (device 0)
  asset-directory (asset-hrefs (make-hash-table :test 'eq))
  (opens 0) access)

(defvar scenery--current nil
  "The session of the *scenery* buffer, or nil.")

(defvar scenery-change-functions nil
  "Functions called with the current session after each change of its mirror.
Called often (every frame of a drag): they must be cheap.")

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
                (cl-incf (scenery--session-opens session))
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
    (scenery--schedule-redraw)
    (run-hook-with-args 'scenery-change-functions session)))

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

(defun scenery-wait-until (predicate &optional timeout)
  "Accept the engine's output until PREDICATE gives non-nil.
Gives up after TIMEOUT seconds (default 10) and returns nil; else the
value of PREDICATE.  For scripts and tests."
  (let ((deadline (+ (float-time) (or timeout 10)))
        (value nil))
    (while (and (not (setq value (funcall predicate))) (< (float-time) deadline))
      (accept-process-output nil 0.01))
    value))

;;;; Assets

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

(provide 'scenery-session)

;;; scenery-session.el ends here
