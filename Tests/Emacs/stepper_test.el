;;; stepper_test.el --- The transcript stepper against the engine -*- lexical-binding: t -*-

;;; Commentary:

;; SCENERY_BIN=.build/release/scenery emacs -Q --batch -L Clients/emacs \
;;     -l Tests/Emacs/stepper_test.el -f ert-run-tests-batch-and-exit
;;
;; - every protocol transcript of Tests/Transcripts without `# needs:':
;;   the state the stepper holds for the step before its last snapshot
;;   request is that snapshot's `result.state' as the file writes it,
;;   and the engine wrote for each step the lines the file expects;
;; - every Examples/goldens/*.golden: each step's state is what the
;;   engine gives (a second, plain run: all requests with a snapshot
;;   after each, through `call-process'), and the screen lines the golden
;;   writes name nodes the step's state has (and `- #ID' ones it has
;;   not);
;; - the patches the engine wrote for a step, applied to the state
;;   before it, give the state after it;
;; - the mode: a golden opened in a buffer is stepped through (point on
;;   a request gives the state after it; the side window draws it when
;;   scenery-svg.el is there), C-c C-c jumps to the first difference's
;;   line, C-c C-u rewrites the file and reverts the buffer.

;;; Code:

(require 'ert)
(require 'cl-lib)
(require 'text-property-search)
(require 'scenery-stepper)

(defconst stepper-test-repo
  (expand-file-name "../.." (file-name-directory (or load-file-name buffer-file-name)))
  "The checkout.")

(defun stepper-test-bin ()
  "The engine under test."
  (or (getenv "SCENERY_BIN") (expand-file-name ".build/release/scenery" stepper-test-repo)))

(defun stepper-test-transcripts ()
  "Every protocol transcript without a `# needs:' line."
  (cl-remove-if
   (lambda (file) (with-temp-buffer
                    (insert-file-contents file)
                    (re-search-forward "^# needs:" nil t)))
   (directory-files-recursively (expand-file-name "Tests/Transcripts" stepper-test-repo) "\\.transcript\\'")))

(defun stepper-test-goldens ()
  "Examples/goldens/*.golden."
  (directory-files (expand-file-name "Examples/goldens" stepper-test-repo) t "\\.golden\\'"))

(defvar stepper-test-replays (make-hash-table :test 'equal)
  "The replays made so far, by file: each file is replayed once.")

(defun stepper-test-replay (file)
  "FILE's steps as the stepper replays it."
  (or (gethash file stepper-test-replays)
      (puthash file (let ((scenery-stepper-program (stepper-test-bin)))
                      (scenery-stepper-replay-file file))
               stepper-test-replays)))

(defun stepper-test-response (step)
  "The response the file expects to STEP's request (the line with its id)."
  (let* ((request (ignore-errors (scenery-json-parse (decode-coding-string (scenery-stepper-step-request step) 'utf-8))))
         (id (and (hash-table-p request) (gethash "id" request))))
    (cl-loop for line in (scenery-stepper-step-expected step)
             for message = (ignore-errors (scenery-json-parse line))
             when (and (hash-table-p message) id (equal (gethash "id" message) id) (null (gethash "method" message)))
             return message)))

(ert-deftest stepper-transcripts-last-snapshot ()
  "The step before each transcript's last snapshot holds that snapshot's state.
A transcript whose snapshots all ask for a screen form (`as' text or
accessibility, which answer no state) has none to hold: it is counted
apart, and it must have such an answer."
  (let ((files (stepper-test-transcripts)) (checked 0) (screen-only nil))
    (should (>= (length files) 20))
    (dolist (file files)
      (let* ((steps (stepper-test-replay file))
             (last (cl-loop for index downfrom (1- (length steps)) to 1
                            for step = (aref steps index)
                            for response = (and (equal (scenery-stepper-step-method step) "snapshot")
                                                (stepper-test-response step))
                            for state = (scenery-json-get response "result" "state")
                            when state return (cons index state))))
        (if (null last)
            (progn
              (unless (cl-some (lambda (step)
                                 (and (equal (scenery-stepper-step-method step) "snapshot")
                                      (let ((result (scenery-json-get (stepper-test-response step) "result")))
                                        (or (scenery-json-get result "nodes") (scenery-json-get result "text")))))
                               steps)
                (ert-fail (format "%s: no snapshot answers a state, nor a screen form"
                                  (file-relative-name file stepper-test-repo))))
              (push (file-relative-name file stepper-test-repo) screen-only))
        (let ((held (scenery-stepper-step-state (aref steps (1- (car last))))))
          (should (hash-table-p held))
          (unless (scenery-json-equal held (cdr last))
            (ert-fail (format "%s: the state after line %d is not the snapshot's of line %d"
                              (file-relative-name file stepper-test-repo)
                              (scenery-stepper-step-line (aref steps (1- (car last))))
                              (scenery-stepper-step-line (aref steps (car last))))))
          (setq checked (1+ checked))))))
    (should (>= checked 20))
    (message "stepper: %d transcripts, the state before each last snapshot as the file says; %d with screen forms only %S"
             checked (length screen-only) screen-only)))

(ert-deftest stepper-transcripts-lines-as-written ()
  "For every step of every transcript the engine wrote the lines the file expects.
So the states the stepper keeps are those of the session the file records."
  (dolist (file (stepper-test-transcripts))
    (let ((steps (stepper-test-replay file)))
      (cl-loop for step across steps
               unless (equal (scenery-stepper-step-output step) (scenery-stepper-step-expected step))
               do (ert-fail (format "%s:%d: the engine wrote %d lines, the file %d (first: %S)"
                                    (file-relative-name file stepper-test-repo) (scenery-stepper-step-line step)
                                    (length (scenery-stepper-step-output step))
                                    (length (scenery-stepper-step-expected step))
                                    (truncate-string-to-width (or (car (scenery-stepper-step-output step)) "") 120)))))))

(defun stepper-test-plain-run (file steps)
  "The states after each of STEPS of FILE from a plain run of the engine.
All requests, each followed by a snapshot, as one input on stdin."
  (let ((input (with-temp-buffer
                 (set-buffer-multibyte nil)
                 (cl-loop for step across steps for index from 0
                          do (insert (scenery-stepper-step-request step) "\n"
                                     (format "{\"jsonrpc\":\"2.0\",\"id\":\"check-%d\",\"method\":\"snapshot\"}\n" index)))
                 (buffer-string)))
        (states (make-vector (length steps) nil)))
    (with-temp-buffer
      (set-buffer-multibyte nil)
      (let ((default-directory (file-name-directory file))
            (coding-system-for-write 'binary) (coding-system-for-read 'binary))
        (with-temp-buffer
          (set-buffer-multibyte nil)
          (insert input)
          (let ((out (current-buffer)))
            (with-temp-buffer
              (set-buffer-multibyte nil)
              (let ((target (current-buffer)))
                (with-current-buffer out
                  (call-process-region (point-min) (point-max) (stepper-test-bin) nil target nil "--stopped-clock")))
              (goto-char (point-min))
              (let ((last nil))
                (while (re-search-forward "^{\"id\":\"check-\\([0-9]+\\)\".*$" nil t)
                  (let* ((index (string-to-number (match-string 1)))
                         (message (scenery-json-parse (decode-coding-string (match-string 0) 'utf-8))))
                    (setq last (scenery-json-get message "result" "state"))
                    (aset states index last)))
                ;; After a shutdown nothing answers: the last state holds.
                (cl-loop for index from 1 below (length states)
                         unless (aref states index) do (aset states index (aref states (1- index))))))))))
    states))

(ert-deftest stepper-goldens-each-step-is-the-engines ()
  "Each step of each example golden holds the state the engine gives after it."
  (let ((goldens (stepper-test-goldens)) (total 0))
    (should (>= (length goldens) 6))
    (dolist (file goldens)
      (let* ((steps (stepper-test-replay file))
             (plain (stepper-test-plain-run file steps)))
        (should (> (length steps) 5))
        (cl-loop for step across steps for index from 0
                 do (setq total (1+ total))
                 unless (and (scenery-stepper-step-state step)
                             (scenery-json-equal (scenery-stepper-step-state step) (aref plain index)))
                 do (ert-fail (format "%s:%d (%s): the stepper's state is not the engine's"
                                      (file-name-nondirectory file) (scenery-stepper-step-line step)
                                      (scenery-stepper-step-method step))))))
    (message "stepper: %d steps of %d goldens, each the engine's state" total (length goldens))))

(ert-deftest stepper-goldens-screens-name-the-states-nodes ()
  "The screen lines a golden writes after a step name nodes of the step's state."
  (dolist (file (stepper-test-goldens))
    (let ((steps (stepper-test-replay file)) (named 0))
      (cl-loop for step across steps
               for nodes = (scenery-json-get (scenery-stepper-step-state step) "display" "nodes")
               do (dolist (line (scenery-stepper-step-expected step))
                    (when (string-match "\\`  \\(- \\)?.*  #\\([^. ][^ ]*\\)\\'" line)
                      (let ((gone (match-string 1 line)) (id (match-string 2 line)))
                        (setq named (1+ named))
                        (unless (eq (not gone) (and (hash-table-p nodes) (gethash id nodes) t))
                          (ert-fail (format "%s:%d: %s is %s the state after %s"
                                            (file-name-nondirectory file) (scenery-stepper-step-line step)
                                            id (if gone "still in" "not in") (scenery-stepper-step-method step))))))))
      (should (> named 10)))))

(ert-deftest stepper-patches-give-the-next-state ()
  "The patches the engine wrote for each step, applied to the state before it, give the state after it."
  (dolist (file (append (stepper-test-goldens)
                        (list (expand-file-name "Tests/Transcripts/core/session.transcript" stepper-test-repo)
                              (expand-file-name "Tests/Transcripts/photos/sample.transcript" stepper-test-repo))))
    (let ((steps (stepper-test-replay file)) (state nil))
      (cl-loop for step across steps
               do (dolist (line (scenery-stepper-step-output step))
                    (let* ((message (scenery-json-parse line))
                           (result (gethash "result" message))
                           (params (gethash "params" message)))
                      (cond ((and (hash-table-p result) (gethash "state" result)
                                  (equal (scenery-stepper-step-method step) "initialize"))
                             (setq state (gethash "state" result)))
                            ((and (hash-table-p result) (gethash "patch" result))
                             (setq state (scenery-patch-apply state (gethash "patch" result))))
                            ((and (hash-table-p params) (equal (gethash "method" message) "patch"))
                             (setq state (scenery-patch-apply state (gethash "patch" params)))))))
               unless (or (null state) (scenery-json-equal state (scenery-stepper-step-state step)))
               do (ert-fail (format "%s:%d: the patches do not give the state" (file-name-nondirectory file)
                                    (scenery-stepper-step-line step)))))))

(ert-deftest stepper-byte-expressions ()
  "`>% ' lines are read as the engine's replay reads them."
  (should (equal (scenery-stepper-evaluate-bytes "\"[\" *3 \"]\" *2") "[[[]]"))
  (should (equal (scenery-stepper-evaluate-bytes "0xEF 0xBB 0xBF \"{}\"") (unibyte-string #xEF #xBB #xBF ?{ ?})))
  (should (equal (scenery-stepper-evaluate-bytes "\"\\u00e9\"") (unibyte-string #xC3 #xA9)))
  (should (equal (length (scenery-stepper-evaluate-bytes "\"a\" *1100000")) 1100000)))

(defun stepper-test-copy (name)
  "A copy of Examples/goldens/NAME in a fresh folder."
  (let ((folder (make-temp-file "scenery-stepper-" t)))
    (copy-file (expand-file-name (concat "Examples/goldens/" name) stepper-test-repo) (expand-file-name name folder))
    (expand-file-name name folder)))

(ert-deftest stepper-mode-steps-checks-and-updates ()
  "A golden opened in the mode: point on a request gives the state after it;
C-c C-c shows the report and goes to the first difference; C-c C-u rewrites it."
  (let* ((scenery-stepper-program (stepper-test-bin))
         (file (stepper-test-copy "directory.golden"))
         (original (with-temp-buffer (insert-file-contents file) (buffer-string))))
    (with-temp-file file (insert (replace-regexp-in-string "Turf 18 Mar" "Turf 19 Mar" original)))
    (let ((buffer (find-file-noselect file)))
      (unwind-protect
          (with-current-buffer buffer
            (should (eq major-mode 'scenery-stepper-mode))
            (should (scenery-stepper-wait scenery-stepper--run 60))
            ;; Point on the Contacts tap (and on a line under it): the state after it.
            (goto-char (point-min))
            (re-search-forward "^> tap {\"id\":\"tab.contacts\"}")
            (should (equal (scenery-json-get (scenery-stepper-state-at) "model" "tab") "contacts"))
            (forward-line 3)
            (should (equal (scenery-json-get (scenery-stepper-state-at) "model" "tab") "contacts"))
            (re-search-backward "^> tap {\"id\":\"tab.featured\"}")
            (should (equal (scenery-json-get (scenery-stepper-state-at) "model" "tab") "featured"))
            (goto-char (point-min))
            (should (null (scenery-stepper-state-at)))
            ;; The side window draws the step at point.
            (when (require 'scenery-svg nil t)
              (re-search-forward "^> scene.open")
              (scenery-stepper-show t)
              (with-current-buffer (scenery-stepper--screen-buffer)
                (goto-char (point-min))
                (should (search-forward "scene.open" nil t))
                (let ((image (text-property-search-forward 'display nil (lambda (_ v) (eq (car-safe v) 'image)))))
                  (should image)
                  (should (string-match-p "<svg" (plist-get (cdr (prop-match-value image)) :data))))))
            ;; C-c C-c: the report, point on the first difference's line.
            (goto-char (point-max))
            (should (eq (call-interactively (key-binding (kbd "C-c C-c"))) 1))
            (should (equal (line-number-at-pos) 6))
            (should (looking-at "> scene.open"))
            (with-current-buffer "*scenery-replay*"
              (should (string-match-p "expected \"Turf 19 Mar, 2018\", actual \"Turf 18 Mar, 2018\"" (buffer-string))))
            ;; C-c C-u: rewritten as the engine shows it, the buffer reverted.
            (call-interactively (key-binding (kbd "C-c C-u")))
            (should (string-match-p "Turf 18 Mar" (buffer-string)))
            (should (equal (buffer-string) original))
            (should (not (buffer-modified-p)))
            (should (eq (call-interactively (key-binding (kbd "C-c C-c"))) 0)))
        (kill-buffer buffer)
        (delete-directory (file-name-directory file) t)))))

(ert-deftest stepper-first-difference-of-a-transcript ()
  "A protocol transcript's report names FILE:LINE too, and C-c C-c goes there."
  (let* ((scenery-stepper-program (stepper-test-bin))
         (folder (make-temp-file "scenery-stepper-" t))
         (file (expand-file-name "session.transcript" folder)))
    (copy-file (expand-file-name "Tests/Transcripts/core/session.transcript" stepper-test-repo) file)
    (with-temp-buffer
      (insert-file-contents file)
      (goto-char (point-min))
      (re-search-forward "^> .*\"method\":\"tap\"")
      (let ((line (line-number-at-pos)))
        (forward-line 1)
        (should (looking-at "< "))
        (replace-regexp-in-region "\"rev\":\\([0-9]+\\)" "\"rev\":99" (point) (line-end-position))
        (write-region nil nil file)
        (let ((buffer (find-file-noselect file)))
          (unwind-protect
              (with-current-buffer buffer
                (should (eq (scenery-stepper-check) 1))
                (should (equal (line-number-at-pos) line)))
            (kill-buffer buffer)
            (delete-directory folder t)))))))

(ert-deftest stepper-record-a-golden-by-using-the-screen ()
  "C-c C-r: M-x scenery runs its engine as `scenery record -o FILE'; what the
session sends is the golden, opened in the stepper when the session ends."
  (let* ((scenery-stepper-program (stepper-test-bin))
         (folder (make-temp-file "scenery-stepper-" t))
         (file (expand-file-name "tour.golden" folder))
         (source (stepper-test-copy "testcard.golden")))
    (unwind-protect
        (with-current-buffer (find-file-noselect source)
          (should (scenery-stepper-wait scenery-stepper--run 60))
          (let ((process (scenery-stepper-record file)))
            (should (process-live-p process))
            (should (equal (cdr (process-command process)) (list "record" "-o" file)))
            (should (scenery-wait-until (lambda () (equal (scenery-json-get (scenery-session-state) "scene") "directory")) 30))
            (scenery-request "tap" '((id . "tab.contacts")))
            (should (scenery-wait-until (lambda () (equal (scenery-json-get (scenery-session-state) "model" "tab") "contacts")) 30))
            (kill-buffer "*scenery*")
            (should (scenery-wait-until (lambda () (and (not (process-live-p process)) (get-file-buffer file))) 30))
            (with-current-buffer (get-file-buffer file)
              (should (eq major-mode 'scenery-stepper-mode))
              (should (scenery-stepper-wait scenery-stepper--run 60))
              (goto-char (point-min))
              (should (re-search-forward "^> tap {\"id\":\"tab.contacts\"}" nil t))
              (should (equal (scenery-json-get (scenery-stepper-state-at) "model" "tab") "contacts"))
              (should (eq (scenery-stepper-check) 0))
              (kill-buffer))))
      (when (get-file-buffer source) (kill-buffer (get-file-buffer source)))
      (delete-directory folder t)
      (delete-directory (file-name-directory source) t))))

(provide 'stepper_test)

;;; stepper_test.el ends here
