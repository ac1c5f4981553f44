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
;; gives the state after the request at a line.  The file is read into
;; steps by scenery-stepper-steps.el and replayed by
;; scenery-stepper-replay.el; this file is the mode and its commands.

;;; Code:

(require 'cl-lib)
(require 'subr-x)
(require 'scenery-patch)
(require 'scenery-stepper-steps)
(require 'scenery-stepper-replay)

(declare-function scenery-svg-render "scenery-svg" (state assets &optional now-ms scale))
(declare-function scenery "scenery" ())
(defvar scenery-program)
(defvar scenery-program-args)

;;;; The mode

(defcustom scenery-stepper-window-width 0.4
  "The width of the screen's side window, as `display-buffer' takes it."
  :group 'scenery-stepper
  :type 'number)

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
