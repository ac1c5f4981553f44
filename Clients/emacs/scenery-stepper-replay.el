;;; scenery-stepper-replay.el --- Scenery steps replayed on an engine, each state kept -*- lexical-binding: t -*-

;; Copyright (C) 2025 The Scenery authors

;; Author: The Scenery authors
;; Keywords: tools, multimedia

;; This file is not part of GNU Emacs.

;;; Commentary:

;; The second half of the transcript stepper (scenery-stepper.el): the
;; steps of a file (scenery-stepper-steps.el) replayed once by a fresh
;; engine on the virtual clock (`scenery --stopped-clock', run from the
;; file's folder, so its relative paths are taken from there, as
;; `scenery replay' takes them).  Each request is followed by a
;; `snapshot' of the stepper's own (ids `scenery-stepper.sN'), and the
;; pictures the screen then names are read with `asset.read' (anew
;; after a `scene.open'), so each step gets the lines the engine wrote
;; for it, its answer, and the state, rev, scene clock and assets after
;; it.
;;
;; `scenery-stepper-replay' runs in the background and calls back after
;; each step; `scenery-stepper-wait' waits for it;
;; `scenery-stepper-replay-file' does both for a file.

;;; Code:

(require 'cl-lib)
(require 'subr-x)
(require 'scenery-patch)
(require 'scenery-stepper-steps)

;;;; Options

(defgroup scenery-stepper nil
  "Step through Scenery goldens and transcripts."
  :group 'tools
  :prefix "scenery-stepper-")

(defcustom scenery-stepper-program nil
  "The engine the stepper runs.
nil: $SCENERY_BIN when set, else `scenery-program' (scenery.el's
choice) when it names one, else `scenery' on the PATH."
  :type '(choice (const :tag "$SCENERY_BIN, else scenery" nil) file))

(defcustom scenery-stepper-read-assets t
  "Whether the replay reads every asset a step's screen names.
The pictures are then drawn; without them an image shows as an
empty frame."
  :type 'boolean)

(defun scenery-stepper--program ()
  "The engine's program (see `scenery-stepper-program')."
  (or scenery-stepper-program
      (let ((bin (getenv "SCENERY_BIN"))) (and bin (not (string-empty-p bin)) bin))
      (and (boundp 'scenery-program) (stringp (symbol-value 'scenery-program))
           (symbol-value 'scenery-program))
      (executable-find "scenery")
      "scenery"))

;;;; The replay: each request, then a snapshot, on one engine

(cl-defstruct (scenery-stepper--run (:constructor scenery-stepper--make-run))
  process steps (index 0) phase (pending nil) (queue nil) processing
  (waiting 0) (epoch nil) state rev now-ms done on-step on-done)

(defconst scenery-stepper--id-prefix "scenery-stepper."
  "The prefix of the ids of the stepper's own requests (never a golden's).")

(defun scenery-stepper--asset-ids (state)
  "The asset ids STATE's display list names, sorted."
  (let ((ids nil)
        (nodes (scenery-json-get state "display" "nodes")))
    (when (hash-table-p nodes)
      (maphash (lambda (_id node)
                 (let ((image (scenery-json-get node "image"))
                       (movie (scenery-json-get node "style" "movie")))
                   (when (stringp image) (push image ids))
                   (when (stringp movie) (push movie ids))))
               nodes))
    (sort (delete-dups ids) #'string<)))

(defun scenery-stepper--send (run string)
  "Send STRING (a line, without its newline) to RUN's engine."
  (let ((process (scenery-stepper--run-process run)))
    (when (process-live-p process)
      (condition-case nil
          (process-send-string process (concat (if (multibyte-string-p string)
                                                    (encode-coding-string string 'utf-8 t)
                                                  string)
                                                "\n"))
        (error nil)))))

(defun scenery-stepper--request (run id method &optional params)
  "Send the stepper's own request ID (a suffix) METHOD PARAMS on RUN."
  (let ((message (make-hash-table :test 'equal)))
    (puthash "jsonrpc" "2.0" message)
    (puthash "id" (concat scenery-stepper--id-prefix id) message)
    (puthash "method" method message)
    (when params (puthash "params" params message))
    (scenery-stepper--send run (scenery-json-encode message))))

(defun scenery-stepper--start-step (run)
  "Send the next request of RUN and its snapshot, or finish."
  (let* ((steps (scenery-stepper--run-steps run))
         (index (scenery-stepper--run-index run)))
    (if (or (>= index (length steps)) (not (process-live-p (scenery-stepper--run-process run))))
        (scenery-stepper--finish run)
      (let ((step (aref steps index)))
        (when (or (null (scenery-stepper--run-epoch run))
                  (member (scenery-stepper-step-method step) '("scene.open" "?" "initialize")))
          ;; A scene may number its pictures anew: read its assets again.
          (setf (scenery-stepper--run-epoch run) (make-hash-table :test 'equal)))
        (setf (scenery-stepper--run-phase run) 'barrier)
        (scenery-stepper--send run (scenery-stepper-step-request step))
        (scenery-stepper--request run (format "s%d" index) "snapshot")))))

(defun scenery-stepper--end-step (run)
  "Keep what RUN knows after the current step, and start the next."
  (let* ((index (scenery-stepper--run-index run))
         (step (aref (scenery-stepper--run-steps run) index)))
    (setf (scenery-stepper-step-output step) (nreverse (scenery-stepper-step-output step))
          (scenery-stepper-step-state step) (scenery-stepper--run-state run)
          (scenery-stepper-step-rev step) (scenery-stepper--run-rev run)
          (scenery-stepper-step-now-ms step) (scenery-stepper--run-now-ms run)
          (scenery-stepper-step-assets step) (scenery-stepper--run-epoch run))
    (setf (scenery-stepper--run-index run) (1+ index))
    (when (scenery-stepper--run-on-step run)
      (funcall (scenery-stepper--run-on-step run) index step))
    (scenery-stepper--start-step run)))

(defun scenery-stepper--finish (run)
  "Finish RUN: it has no more requests, or its engine ended.
The remaining steps keep the last state."
  (unless (scenery-stepper--run-done run)
    (setf (scenery-stepper--run-done run) t)
    (let ((steps (scenery-stepper--run-steps run)))
      (cl-loop for index from (scenery-stepper--run-index run) below (length steps)
               for step = (aref steps index)
               do (setf (scenery-stepper-step-output step) (nreverse (scenery-stepper-step-output step))
                        (scenery-stepper-step-state step) (scenery-stepper--run-state run)
                        (scenery-stepper-step-rev step) (scenery-stepper--run-rev run)
                        (scenery-stepper-step-now-ms step) (scenery-stepper--run-now-ms run)
                        (scenery-stepper-step-assets step) (scenery-stepper--run-epoch run))))
    (let ((process (scenery-stepper--run-process run)))
      (when (process-live-p process)
        (ignore-errors (process-send-eof process))
        (run-at-time 2 nil (lambda () (when (process-live-p process) (delete-process process))))))
    (when (scenery-stepper--run-on-done run)
      (funcall (scenery-stepper--run-on-done run) run))))

(defun scenery-stepper--line (run line)
  "Handle one LINE (a decoded string) the engine of RUN wrote."
  (let ((mine (and (string-match (concat "\"id\":\"" (regexp-quote scenery-stepper--id-prefix)
                                         "\\([sa]\\)\\([0-9]+\\)")
                                 line)
                   (cons (match-string 1 line) (string-to-number (match-string 2 line)))))
        (steps (scenery-stepper--run-steps run))
        (index (scenery-stepper--run-index run)))
    (cond
     ((>= index (length steps)) nil)
     ((null mine)
      (let ((step (aref steps index)))
        (push line (scenery-stepper-step-output step))
        ;; The response to the request itself (its id is not the stepper's).
        (when (and (null (scenery-stepper-step-answer step))
                   (string-match-p "\\`{\"\\(error\\|id\\)\"" line))
          (setf (scenery-stepper-step-answer step) (ignore-errors (scenery-json-parse line))))))
     ((equal (car mine) "s")
      (if (and (scenery-stepper--run-state run)
               (string-match "\\`{\"id\":\"[^\"]*\",\"jsonrpc\":\"2.0\",\"result\":{\"nowMs\":\\([-+.eE0-9]+\\),\"rev\":\\([0-9]+\\),"
                             line)
               (eql (string-to-number (match-string 2 line)) (scenery-stepper--run-rev run)))
          ;; The same rev is the same state: keep it, and skip reading it again.
          (setf (scenery-stepper--run-now-ms run) (string-to-number (match-string 1 line)))
        (let* ((message (ignore-errors (scenery-json-parse line)))
               (result (and message (gethash "result" message))))
          (when (hash-table-p result)
            (setf (scenery-stepper--run-state run) (gethash "state" result)
                  (scenery-stepper--run-rev run) (gethash "rev" result)
                  (scenery-stepper--run-now-ms run) (gethash "nowMs" result)))))
        (let* ((epoch (scenery-stepper--run-epoch run))
               (missing (and scenery-stepper-read-assets
                             (cl-remove-if (lambda (id) (gethash id epoch))
                                           (scenery-stepper--asset-ids (scenery-stepper--run-state run))))))
          (if (null missing)
              (scenery-stepper--end-step run)
            (setf (scenery-stepper--run-phase run) 'assets
                  (scenery-stepper--run-waiting run) (length missing))
            (dolist (id missing)
              (puthash id :pending epoch)
              (let ((params (make-hash-table :test 'equal)))
                (puthash "id" id params)
                (scenery-stepper--request run (format "a%d" (cl-position id missing :test #'equal))
                                          "asset.read" params))))))
     (t
      (let* ((message (ignore-errors (scenery-json-parse line)))
             (result (and message (gethash "result" message))))
        (when (hash-table-p result)
          (puthash (gethash "id" result) result (scenery-stepper--run-epoch run)))
        (when (<= (cl-decf (scenery-stepper--run-waiting run)) 0)
          (scenery-stepper--end-step run)))))))

(defun scenery-stepper--filter (run string)
  "The engine's output STRING (bytes) for RUN: handled a line at a time, in order."
  (if (not (string-search "\n" string))
      ;; Part of a long line: kept until its end arrives (no copying meanwhile).
      (push string (scenery-stepper--run-pending run))
    (let ((data (apply #'concat (nreverse (cons string (scenery-stepper--run-pending run)))))
          (start 0) lines)
      (while (string-match "\n" data start)
        (push (decode-coding-string (substring data start (match-beginning 0)) 'utf-8 t) lines)
        (setq start (match-end 0)))
      (setf (scenery-stepper--run-pending run) (list (substring data start)))
      (setf (scenery-stepper--run-queue run) (nconc (scenery-stepper--run-queue run) (nreverse lines)))))
  ;; A send below may wait for the pipe and run this filter again: the
  ;; outer call handles what the inner one queued, in order.
  (unless (scenery-stepper--run-processing run)
    (setf (scenery-stepper--run-processing run) t)
    (unwind-protect
        (while (scenery-stepper--run-queue run)
          (scenery-stepper--line run (pop (scenery-stepper--run-queue run))))
      (setf (scenery-stepper--run-processing run) nil))))

(defun scenery-stepper-replay (parsed folder &optional on-step on-done)
  "Replay PARSED (from `scenery-stepper-parse') on a fresh engine run in FOLDER.
Fills in each step's output, state, rev, clock and assets as the
engine answers; calls ON-STEP with each step's index and step, and
ON-DONE with the run when every step is done or the engine ended.
Returns the run (`scenery-stepper-wait' waits for it)."
  (let* ((default-directory (file-name-as-directory (expand-file-name folder)))
         (run (scenery-stepper--make-run :steps parsed :on-step on-step :on-done on-done))
         ;; Read each answer as it comes, not after a delay for more.
         (process-adaptive-read-buffering nil)
         (process (make-process
                   :name "scenery-stepper"
                   :command (list (scenery-stepper--program) "--stopped-clock")
                   :coding 'binary :connection-type 'pipe :noquery t
                   :stderr (get-buffer-create " *scenery-stepper-stderr*")
                   :filter (lambda (_process string) (scenery-stepper--filter run string))
                   :sentinel (lambda (process _event)
                               (unless (process-live-p process)
                                 ;; What the engine wrote before it ended is handled first.
                                 (scenery-stepper--filter run "")
                                 (scenery-stepper--finish run))))))
    (set-process-query-on-exit-flag process nil)
    (setf (scenery-stepper--run-process run) process)
    (scenery-stepper--start-step run)
    run))

(defun scenery-stepper-wait (run &optional seconds)
  "Wait until RUN is done, at most SECONDS (default 120); non-nil when it is."
  (let ((end (+ (float-time) (or seconds 120))))
    (while (and (not (scenery-stepper--run-done run)) (< (float-time) end))
      (accept-process-output (scenery-stepper--run-process run) 0.05)
      ;; Its sentinel may not have run yet: an ended engine ends the run.
      (unless (or (scenery-stepper--run-done run) (process-live-p (scenery-stepper--run-process run)))
        (accept-process-output (scenery-stepper--run-process run) 0)
        (scenery-stepper--filter run "")
        (scenery-stepper--finish run)))
    (scenery-stepper--run-done run)))

(defun scenery-stepper-replay-file (file)
  "Return FILE parsed and replayed: a vector of `scenery-stepper-step'.\nWaits for the replay to end."
  (with-temp-buffer
    (insert-file-contents file)
    (let* ((steps (scenery-stepper-parse (scenery-stepper-golden-p file)))
           (run (scenery-stepper-replay steps (file-name-directory (expand-file-name file)))))
      (unless (scenery-stepper-wait run)
        (error "The replay of %s did not end" file))
      steps)))

(provide 'scenery-stepper-replay)

;;; scenery-stepper-replay.el ends here
