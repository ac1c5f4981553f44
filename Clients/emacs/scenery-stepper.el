;;; scenery-stepper.el --- Step through Scenery goldens and transcripts -*- lexical-binding: t -*-

;; Copyright (C) 2025 The Scenery authors

;; Author: The Scenery authors
;; Keywords: tools, multimedia
;; Package-Requires: ((emacs "28.1"))

;; This file is not part of GNU Emacs.

;;; Commentary:

;; Opening a Scenery golden (a readable `.golden', or a protocol
;; `.transcript', Protocol/PROTOCOL.md section 7) turns on
;; `scenery-stepper-mode': the file is replayed once by the engine on
;; the virtual clock (`scenery --stopped-clock', run from the file's
;; folder, so its relative paths are taken from there, as `scenery
;; replay' takes them), each request followed by a `snapshot', so the
;; state after every step is kept.  Moving point onto a request (or the
;; lines under it) shows, in a side window, the screen as it was after
;; that request, drawn by `scenery-svg-render'.
;;
;;   C-c C-c  `scenery replay FILE': the report in *scenery-replay*,
;;            point on the first difference's line (the report names
;;            FILE:LINE)
;;   C-c C-u  `scenery replay --update FILE', then the buffer reverted
;;   C-c C-r  record a new golden by using the screen: `M-x scenery'
;;            with its engine run as `scenery record -o FILE'
;;   C-c C-l  replay the states again (also done after each save)
;;   C-c C-s  show the screen window again (and redraw it)
;;   C-c C-n / C-c C-p  the next / previous request
;;
;; The states are kept in `scenery-stepper--steps', a vector of
;; `scenery-stepper-step' records (the request's line and bytes, the
;; lines the engine wrote for it, the state, rev and scene clock after
;; it, and the assets its screen names); `scenery-stepper-state-at'
;; gives the state after the request at a line.

;;; Code:

(require 'cl-lib)
(require 'subr-x)
(require 'scenery-patch)

(declare-function scenery-svg-render "scenery-svg" (state assets &optional now-ms scale))
(declare-function scenery "scenery" ())
(defvar scenery-program)
(defvar scenery-program-args)

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

(defcustom scenery-stepper-window-width 0.4
  "The width of the screen's side window, as `display-buffer' takes it."
  :type 'number)

;;;; Steps

(cl-defstruct (scenery-stepper-step (:constructor scenery-stepper--make-step))
  "One request of a golden and what the replay kept after it."
  line        ; 1-based line of the request in the file
  marker      ; a marker at the start of that line
  source      ; the request line as written
  request     ; the bytes the engine reads (a unibyte string, no newline)
  method      ; the method, or "?"
  expected    ; the lines written under it (without their prefix), in order
  output      ; the lines the engine wrote for the request, in order
  answer      ; the response to the request (a JSON object), or nil
  state       ; the state document after it (nil before `initialize')
  rev         ; the rev after it
  now-ms      ; the scene clock after it
  assets)     ; the asset table of its screen: id -> `asset.read' result

(defun scenery-stepper--program ()
  "The engine's program (see `scenery-stepper-program')."
  (or scenery-stepper-program
      (let ((bin (getenv "SCENERY_BIN"))) (and bin (not (string-empty-p bin)) bin))
      (and (boundp 'scenery-program) (stringp (symbol-value 'scenery-program))
           (symbol-value 'scenery-program))
      (executable-find "scenery")
      "scenery"))

(defun scenery-stepper--repeat (bytes count)
  "Return the unibyte string BYTES repeated COUNT times (COUNT >= 1)."
  (let ((result "") (piece bytes))
    (while (> count 0)
      (when (= (logand count 1) 1) (setq result (concat result piece)))
      (setq count (ash count -1))
      (when (> count 0) (setq piece (concat piece piece))))
    result))

(defun scenery-stepper-evaluate-bytes (expression)
  "The bytes of a byte EXPRESSION (a `>% ' line), as a unibyte string.
Terms: a JSON string literal (its UTF-8), 0xHH (one byte), each
optionally followed by *N (repeated N times)."
  (let ((pos 0) (len (length expression)) (parts nil) (last nil))
    (while (progn (while (and (< pos len) (eq (aref expression pos) ?\s)) (setq pos (1+ pos)))
                  (< pos len))
      (let ((c (aref expression pos)))
        (cond
         ((eq c ?\")
          (let ((end (1+ pos)) (escaped nil))
            (while (and (< end len) (or escaped (not (eq (aref expression end) ?\"))))
              (setq escaped (and (not escaped) (eq (aref expression end) ?\\)) end (1+ end)))
            (when (>= end len) (error "Byte expression: unterminated string"))
            (setq last (encode-coding-string
                        (json-parse-string (substring expression pos (1+ end))) 'utf-8 t))
            (push last parts)
            (setq pos (1+ end))))
         ((string-prefix-p "0x" (substring expression pos (min len (+ pos 2))))
          (let ((hex (substring expression (+ pos 2) (min len (+ pos 4)))))
            (unless (string-match-p "\\`[0-9a-fA-F]\\{2\\}\\'" hex)
              (error "Byte expression: bad byte %s" hex))
            (setq last (unibyte-string (string-to-number hex 16)))
            (push last parts)
            (setq pos (+ pos 4))))
         ((eq c ?*)
          (let ((end (1+ pos)))
            (while (and (< end len) (<= ?0 (aref expression end) ?9)) (setq end (1+ end)))
            (let ((count (string-to-number (substring expression (1+ pos) end))))
              (unless (and last (>= count 1)) (error "Byte expression: bad repeat"))
              (when (> count 1) (push (scenery-stepper--repeat last (1- count)) parts))
              (setq last nil pos end))))
         (t (error "Byte expression: unexpected %s" (substring expression pos (min len (+ pos 10))))))))
    (apply #'concat (mapcar (lambda (part) (if (multibyte-string-p part) (string-to-unibyte part) part))
                            (nreverse parts)))))

(defun scenery-stepper--golden-request (line id)
  "The bytes and method of the request LINE of a readable golden, step ID."
  (let ((body (substring line 2)))
    (cond
     ((string-prefix-p ">% " line) (cons (scenery-stepper-evaluate-bytes (substring line 3)) "?"))
     ((string-prefix-p "{" body)
      (cons (encode-coding-string body 'utf-8 t)
            (or (ignore-errors (let ((method (gethash "method" (scenery-json-parse body))))
                                 (and (stringp method) method)))
                "?")))
     (t
      (let* ((method (car (split-string body " " t)))
             (params (string-trim-left (substring body (length method)))))
        (cons (encode-coding-string
               (concat "{\"jsonrpc\":\"2.0\",\"id\":" (number-to-string id)
                       ",\"method\":" (json-serialize method)
                       (if (string-empty-p params) "" (concat ",\"params\":" params))
                       "}")
               'utf-8 t)
              method))))))

(defun scenery-stepper-golden-p (file)
  "Whether FILE is a readable golden (by its name), else a protocol transcript."
  (and file (string-suffix-p ".golden" file)))

(defun scenery-stepper-parse (&optional golden)
  "Parse the current buffer: a vector of `scenery-stepper-step', a request each.
GOLDEN non-nil reads it as a readable golden, else as a protocol
transcript."
  (save-excursion
    (save-restriction
      (widen)
      (goto-char (point-min))
      (let ((steps nil) (number 1) (count 0))
        (while (not (eobp))
          (let ((line (buffer-substring-no-properties (line-beginning-position) (line-end-position))))
            (cond
             ((or (string-prefix-p "> " line) (string-prefix-p ">% " line))
              (setq count (1+ count))
              (let ((request (if golden
                                 (scenery-stepper--golden-request line count)
                               (cons (if (string-prefix-p ">% " line)
                                         (scenery-stepper-evaluate-bytes (substring line 3))
                                       (encode-coding-string (substring line 2) 'utf-8 t))
                                     (or (and (string-match "\"method\":\"\\([^\"]*\\)\"" line)
                                              (match-string 1 line))
                                         "?")))))
                (push (scenery-stepper--make-step
                       :line number :marker (copy-marker (line-beginning-position))
                       :source line :request (car request) :method (cdr request))
                      steps)))
             ((and steps (if golden (string-prefix-p "  " line) (string-prefix-p "< " line)))
              (push (substring line 2) (scenery-stepper-step-expected (car steps))))))
          (setq number (1+ number))
          (forward-line 1))
        (dolist (step steps)
          (setf (scenery-stepper-step-expected step) (nreverse (scenery-stepper-step-expected step))))
        (vconcat (nreverse steps))))))

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

;;;; The mode

(defvar-local scenery-stepper--steps nil
  "The current buffer's steps (a vector of `scenery-stepper-step').")
(defvar-local scenery-stepper--run nil
  "The replay filling in `scenery-stepper--steps'.")
(defvar-local scenery-stepper--shown nil
  "The step and size the side window shows, to redraw only on a change.")

(defun scenery-stepper--screen-buffer ()
  "The buffer of the side window."
  (get-buffer-create "*scenery-stepper-screen*"))

(defun scenery-stepper-step-at (&optional pos)
  "Return the index of the step whose request is at or above POS, or nil.\nPOS defaults to point."
  (let ((steps scenery-stepper--steps)
        (pos (save-excursion (goto-char (or pos (point))) (line-beginning-position)))
        (low 0) (found nil))
    (when steps
      (let ((high (1- (length steps))))
        (while (<= low high)
          (let ((mid (/ (+ low high) 2)))
            (if (<= (marker-position (scenery-stepper-step-marker (aref steps mid))) pos)
                (setq found mid low (1+ mid))
              (setq high (1- mid)))))))
    found))

(defun scenery-stepper-state-at (&optional pos)
  "The state document after the request at or above POS (default point)."
  (let ((index (scenery-stepper-step-at pos)))
    (and index (scenery-stepper-step-state (aref scenery-stepper--steps index)))))

(defun scenery-stepper--scale (state window)
  "Device pixels per point that fit STATE's viewport in WINDOW's body."
  (let ((width (or (scenery-json-get state "viewport" "width") 375))
        (height (or (scenery-json-get state "viewport" "height") 812))
        (body-width (window-body-width window t))
        (body-height (- (window-body-height window t) (* 3 (frame-char-height (window-frame window))))))
    (max 0.1 (min (/ (float body-width) width) (/ (float body-height) height)))))

(defun scenery-stepper--describe (step index count)
  "Return a line saying which STEP (INDEX of COUNT) is drawn."
  (let ((answer (scenery-stepper-step-answer step)))
    (format "step %d of %d, line %d: %s%s\nrev %s, %s ms%s"
            (1+ index) count (scenery-stepper-step-line step) (scenery-stepper-step-method step)
            (let ((error (and (hash-table-p answer) (gethash "error" answer))))
              (if (hash-table-p error)
                  (format "  (error %s: %s)" (gethash "code" error) (gethash "message" error))
                ""))
            (or (scenery-stepper-step-rev step) "-")
            (or (scenery-stepper-step-now-ms step) 0)
            (if (scenery-stepper-step-state step) "" "  (no state yet)"))))

(defun scenery-stepper-show (&optional force)
  "Show the screen after the request at point in the side window.
FORCE redraws it even if it shows that step already."
  (interactive (list t))
  (let* ((index (scenery-stepper-step-at))
         (steps scenery-stepper--steps)
         (buffer (scenery-stepper--screen-buffer))
         (window (or (get-buffer-window buffer)
                     ;; Closed by the user: it comes back when point moves to another request.
                     (and (or force (not (eql index (car scenery-stepper--shown))))
                          (display-buffer-in-side-window
                           buffer `((side . right) (window-width . ,scenery-stepper-window-width)
                                    (preserve-size . (t . nil)))))))
         (step (and index (aref steps index)))
         (key (list index (and window (window-body-width window t)) (and window (window-body-height window t))
                    (and step (scenery-stepper-step-state step)))))
    (unless window (setq scenery-stepper--shown (list index)))
    (when (and window (or force (not (equal key scenery-stepper--shown))))
      (setq scenery-stepper--shown key)
      (with-current-buffer buffer
        (let ((inhibit-read-only t))
          (erase-buffer)
          (cond
           ((null step) (insert "No request above point.\n"))
           (t
            (insert (scenery-stepper--describe step index (length steps)) "\n")
            (let ((state (scenery-stepper-step-state step)))
              (cond
               ((null state) (insert "\n(the replay has not reached this step)\n"))
               ((not (fboundp 'scenery-svg-render))
                (insert "\n(scenery-svg.el is not loaded: cannot draw the screen)\n"))
               (t
                (let* ((scale (scenery-stepper--scale state window))
                       (svg (scenery-svg-render state (or (scenery-stepper-step-assets step)
                                                          (make-hash-table :test 'equal))
                                                (scenery-stepper-step-now-ms step) scale)))
                  (insert-image (create-image svg 'svg t :scale 1.0) "[screen]")
                  (insert "\n")))))))
          (goto-char (point-min))
          (setq-local cursor-type nil)
          (setq-local cursor-in-non-selected-windows nil)
          (setq buffer-read-only t)
          (set-buffer-modified-p nil))))))

(defun scenery-stepper--post-command ()
  "Follow point with the side window."
  (when (and scenery-stepper--steps (not (minibufferp)))
    (condition-case err
        (scenery-stepper-show)
      (error (message "scenery-stepper: %s" (error-message-string err))))))

(defun scenery-stepper-load ()
  "Replay the current buffer's file to know the state after each request."
  (interactive)
  (when (and scenery-stepper--run (process-live-p (scenery-stepper--run-process scenery-stepper--run)))
    (delete-process (scenery-stepper--run-process scenery-stepper--run)))
  (let* ((buffer (current-buffer))
         (steps (scenery-stepper-parse (scenery-stepper-golden-p buffer-file-name)))
         (started (float-time)))
    (setq scenery-stepper--steps steps
          scenery-stepper--shown nil
          scenery-stepper--run
          (scenery-stepper-replay
           steps default-directory
           (lambda (index _step)
             (when (buffer-live-p buffer)
               (with-current-buffer buffer
                 (when (and (eq scenery-stepper--steps steps)
                            (eql index (scenery-stepper-step-at))
                            (get-buffer-window buffer))
                   (scenery-stepper-show)))))
           (lambda (_run)
             (when (buffer-live-p buffer)
               (with-current-buffer buffer
                 (when (eq scenery-stepper--steps steps)
                   (message "scenery-stepper: %d steps replayed in %.1f s" (length steps)
                            (- (float-time) started))
                   (when (get-buffer-window buffer) (scenery-stepper-show t))))))))))

(defun scenery-stepper--file ()
  "The buffer's file, saved."
  (unless buffer-file-name (user-error "The buffer visits no file"))
  (when (buffer-modified-p) (save-buffer))
  buffer-file-name)

(defun scenery-stepper--replay-command (&rest args)
  "Run `scenery replay ARGS' in the file's folder; its exit status and output."
  (with-temp-buffer
    (let* ((default-directory default-directory)
           (status (apply #'call-process (scenery-stepper--program) nil t nil "replay" args)))
      (cons status (buffer-string)))))

(defun scenery-stepper-first-difference (report file)
  "The line of the first difference in FILE that REPORT names, or nil."
  (let ((name (regexp-quote (file-name-nondirectory file))))
    (and (string-match (concat "^\\(?:[^\n:]*/\\)?" name ":\\([0-9]+\\):") report)
         (string-to-number (match-string 1 report)))))

(defun scenery-stepper-check ()
  "Replay the file with `scenery replay' and show the report.
Point goes to the first difference's line."
  (interactive)
  (let* ((file (scenery-stepper--file))
         (run (scenery-stepper--replay-command (file-name-nondirectory file)))
         (report (cdr run))
         (line (scenery-stepper-first-difference report file))
         (buffer (get-buffer-create "*scenery-replay*")))
    (with-current-buffer buffer
      (let ((inhibit-read-only t))
        (erase-buffer)
        (insert report)
        (goto-char (point-min))
        (setq default-directory (file-name-directory file))
        (special-mode)))
    (display-buffer buffer '((display-buffer-reuse-window display-buffer-at-bottom)
                             (window-height . 0.3)))
    (when line
      (goto-char (point-min))
      (forward-line (1- line)))
    (message "%s" (if (eq (car run) 0)
                      (format "scenery replay: %s passes" (file-name-nondirectory file))
                    (format "scenery replay: %s differs%s" (file-name-nondirectory file)
                            (if line (format " (first at line %d)" line) ""))))
    (car run)))

(defun scenery-stepper-update ()
  "Rewrite the file with `scenery replay --update'.\nThen revert the buffer and replay it."
  (interactive)
  (let* ((file (scenery-stepper--file))
         (run (scenery-stepper--replay-command "--update" (file-name-nondirectory file))))
    (unless (memq (car run) '(0 1))
      (user-error "The replay --update failed: %s" (string-trim (cdr run))))
    (revert-buffer t t t)
    (message "%s" (string-trim (cdr run)))
    (car run)))

(defun scenery-stepper-record (file)
  "Record a new golden FILE by using the screen.
Starts `M-x scenery' with its engine run as `scenery record -o FILE'.
The golden is written when that session ends (`q' in *scenery*), and
then opened here."
  (interactive
   (list (read-file-name "Record a golden to: " nil nil nil
                         (and buffer-file-name
                              (concat (file-name-base buffer-file-name) "-new.golden")))))
  (require 'scenery)
  (let* ((file (expand-file-name file))
         (program (scenery-stepper--program))
         (command (list program "record" "-o" file)))
    (let ((scenery-program program)
          (scenery-program-args (cdr command)))
      (scenery))
    (let ((process (cl-find-if (lambda (process)
                                 (and (process-live-p process) (equal (process-command process) command)))
                               (process-list))))
      (when process
        (add-function :after (process-sentinel process)
                      (lambda (process _event)
                        (unless (process-live-p process)
                          (run-at-time 0.1 nil #'scenery-stepper--recorded file)))))
      (message "Recording %s: use the screen; q in *scenery* ends the session and writes it"
               (abbreviate-file-name file))
      process)))

(defun scenery-stepper--recorded (file)
  "Open the golden FILE a recording session wrote, if it did."
  (when (file-exists-p file)
    (let ((buffer (find-file-noselect file)))
      (with-current-buffer buffer
        (revert-buffer t t t))
      (display-buffer buffer)
      (message "Recorded %s" (abbreviate-file-name file)))))

(defun scenery-stepper-next (count)
  "Go to the COUNTth next request."
  (interactive "p")
  (let ((index (or (scenery-stepper-step-at) -1))
        (steps scenery-stepper--steps))
    (when (and steps (> (length steps) 0))
      (setq index (max 0 (min (1- (length steps)) (+ index count))))
      (goto-char (scenery-stepper-step-marker (aref steps index))))))

(defun scenery-stepper-previous (count)
  "Go to the COUNTth previous request."
  (interactive "p")
  (scenery-stepper-next (- count)))

(defvar scenery-stepper-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map (kbd "C-c C-c") #'scenery-stepper-check)
    (define-key map (kbd "C-c C-u") #'scenery-stepper-update)
    (define-key map (kbd "C-c C-r") #'scenery-stepper-record)
    (define-key map (kbd "C-c C-l") #'scenery-stepper-load)
    (define-key map (kbd "C-c C-s") #'scenery-stepper-show)
    (define-key map (kbd "C-c C-n") #'scenery-stepper-next)
    (define-key map (kbd "C-c C-p") #'scenery-stepper-previous)
    map)
  "Keys of `scenery-stepper-mode'.")

(defconst scenery-stepper-font-lock-keywords
  '(("^\\(>%?\\) \\([^ \n{]*\\)" (1 font-lock-keyword-face) (2 font-lock-function-name-face))
    ("^  \\(error\\) .*" (1 font-lock-warning-face))
    ("^  \\(result\\|screen\\(?: changes\\| unchanged\\| empty\\)?\\|model\\)\\b" (1 font-lock-type-face))
    ("^    \\([~+-]\\) " (1 font-lock-builtin-face))
    ("  \\(#[^ \n]+\\)$" (1 font-lock-constant-face))
    ("^< " . font-lock-doc-face))
  "What the stepper highlights.")

;;;###autoload
(define-derived-mode scenery-stepper-mode prog-mode "Scenery-Stepper"
  "Step through a Scenery golden or transcript.
The file is replayed once; moving point onto a request shows the
screen after it in a side window.

\\{scenery-stepper-mode-map}"
  (setq-local comment-start "# ")
  (setq-local comment-start-skip "^#+ *")
  (setq-local truncate-lines t)
  (setq-local font-lock-defaults '(scenery-stepper-font-lock-keywords t))
  (add-hook 'post-command-hook #'scenery-stepper--post-command nil t)
  (add-hook 'after-save-hook #'scenery-stepper-load nil t)
  (add-hook 'kill-buffer-hook
            (lambda () (when (and scenery-stepper--run
                                  (process-live-p (scenery-stepper--run-process scenery-stepper--run)))
                         (delete-process (scenery-stepper--run-process scenery-stepper--run))))
            nil t)
  (require 'scenery-svg nil t)
  (when buffer-file-name
    (condition-case err
        (scenery-stepper-load)
      (error (message "scenery-stepper: cannot replay: %s" (error-message-string err))))))

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.golden\\'" . scenery-stepper-mode))
;;;###autoload
(add-to-list 'auto-mode-alist '("\\.transcript\\'" . scenery-stepper-mode))

(provide 'scenery-stepper)

;;; scenery-stepper.el ends here
