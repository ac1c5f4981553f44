;;; scenery-reader.el --- The Scenery screen as a screen reader reads it, one node a line -*- lexical-binding: t -*-

;; Copyright (C) 2025 The Scenery authors

;; Author: The Scenery authors
;; Keywords: multimedia, tools

;; This file is not part of GNU Emacs.

;;; Commentary:

;; `scenery-reader' (`a' in *scenery*) shows the engine's accessibility
;; list (scenery-access.el) in the buffer *scenery-reader*: one node a
;; line in reading order, indented by depth, as the screen as text
;; writes it (PROTOCOL.md, section 3) without the ids.  Moving point
;; says the node with `message' (what Emacspeak speaks); `n' and `p'
;; move, TAB and S-TAB go to the next and previous button or row, RET
;; taps the node at point by id; moving onto a row not wholly in view
;; brings it into view (`reveal'), so that `n' and TAB walk a long list
;; past its first screen.  The buffer follows each new list, point
;; kept on the same node (on the first button or row when it goes), and
;; says the node at point when it changed, unless an announcement was
;; made.  This is the keyboard's way through the screen.

;;; Code:

(require 'cl-lib)
(require 'seq)
(require 'subr-x)
(require 'scenery-patch)
(require 'scenery-session)
(require 'scenery-access)

(defconst scenery-reader-buffer-name "*scenery-reader*"
  "The reader's buffer.")

(defun scenery-reader--send (method params)
  "Send METHOD with PARAMS to the current session; an error is a message."
  (scenery-request method params nil
                   (lambda (error-object)
                     (message "Scenery: %s: %s" method (gethash "message" error-object)))))

(defvar scenery-reader-request-function #'scenery-reader--send
  "The function that sends the reader's requests: it takes METHOD and PARAMS.")

(defvar-local scenery-reader--echoed nil
  "The description last echoed in this reader buffer.")

(defun scenery-reader--node-at-point ()
  "The node of the line at point, or nil."
  (get-text-property (line-beginning-position) 'scenery-node))

(defun scenery-reader--echo ()
  "Say the node at point with `message' when it is not what was said last."
  (let* ((node (scenery-reader--node-at-point))
         (text (and node (scenery-accessibility-describe node))))
    (when (and text (not (equal text scenery-reader--echoed)))
      (setq scenery-reader--echoed text)
      (message "%s" text))))

(defun scenery-reader--reveal ()
  "Bring the node at point into view when it is content not wholly in view.
As a browser scrolls a focused element into view (`reveal {\"id\"}'), so
that moving on through a long list reaches the rows below the screen."
  (let* ((node (scenery-reader--node-at-point))
         (content (scenery-json-get (scenery-session-state) "display" "content" "frame")))
    (when (and node content (equal (gethash "layer" node) "content"))
      (pcase-let ((`(,x ,y ,w ,h) (append (gethash "frame" node) nil))
                  (`(,cx ,cy ,cw ,ch) (append content nil)))
        (unless (and (<= cx x) (<= cy y) (<= (+ x w) (+ cx cw)) (<= (+ y h) (+ cy ch)))
          (funcall scenery-reader-request-function "reveal" `((id . ,(gethash "id" node)))))))))

(defun scenery-reader--moved ()
  "After a command: say the node at point when it is another, and reveal it."
  (let ((said scenery-reader--echoed))
    (scenery-reader--echo)
    (unless (equal said scenery-reader--echoed)
      (scenery-reader--reveal))))

(defun scenery-reader--render (nodes &optional empty)
  "Show NODES in the current buffer, one a line, point kept on its node.
When that node is gone, point goes to the first button or row, else
the first line.  EMPTY is the text shown when there is no node."
  (let* ((inhibit-read-only t)
         (before (scenery-reader--node-at-point))
         (id (and before (gethash "id" before)))
         (at nil)
         (first-role nil))
    (erase-buffer)
    (seq-doseq (node nodes)
      (when (equal (gethash "id" node) id) (setq at (point)))
      (when (and (null first-role) (gethash "role" node)) (setq first-role (point)))
      (insert (propertize (scenery-accessibility-line node) 'scenery-node node) "\n"))
    (when (zerop (length nodes)) (insert (or empty "Nothing to read.") "\n"))
    (goto-char (or at first-role (point-min)))
    (dolist (window (get-buffer-window-list (current-buffer) nil t))
      (set-window-point window (point)))))

(defun scenery-reader--refresh (session &optional said)
  "Show SESSION's list in the reader buffer, when there is one.
Unless an announcement SAID was made, say the node at point when it is
another, or reads otherwise, while the buffer is shown."
  (let ((buffer (get-buffer scenery-reader-buffer-name)))
    (when (and (buffer-live-p buffer) (eq session scenery--current))
      (with-current-buffer buffer
        (let ((access (and session (scenery--session-access session))))
          (scenery-reader--render
           (and access (scenery--access-nodes access))
           (cond ((null session) "No Scenery session: M-x scenery starts one.")
                 ((and access (scenery--access-failed access))
                  (format "The engine gives no accessibility list: %s" (scenery--access-failed access)))
                 ((not (and access (scenery--access-rev access))) "Waiting for the engine's list…")))
          (if (and (not said) (get-buffer-window buffer t))
              (scenery-reader--echo)
            (let ((node (scenery-reader--node-at-point)))
              (setq scenery-reader--echoed (and node (scenery-accessibility-describe node))))))))))

(add-hook 'scenery-accessibility-functions #'scenery-reader--refresh)

(defun scenery-reader-next (&optional count)
  "Move to the next node (COUNT nodes on; back when negative)."
  (interactive "p")
  (forward-line (or count 1))
  (when (and (eobp) (bolp) (not (bobp))) (forward-line -1)))

(defun scenery-reader-previous (&optional count)
  "Move to the previous node (COUNT nodes back)."
  (interactive "p")
  (scenery-reader-next (- (or count 1))))

(defun scenery-reader--next-role (step)
  "Move point to the next line whose node has a role; back when STEP is negative.
From the last such line it goes round to the first, and back."
  (let ((here (line-beginning-position))
        (starts nil))
    (save-excursion
      (goto-char (point-min))
      (while (not (eobp))
        (let ((node (scenery-reader--node-at-point)))
          (when (and node (gethash "role" node)) (push (point) starts)))
        (forward-line 1)))
    (setq starts (nreverse starts))
    (when starts
      (goto-char (if (> step 0)
                     (or (seq-find (lambda (start) (> start here)) starts) (car starts))
                   (or (seq-find (lambda (start) (< start here)) (reverse starts)) (car (last starts))))))))

(defun scenery-reader-next-control ()
  "Move to the next button or row, from the last back to the first."
  (interactive)
  (scenery-reader--next-role 1))

(defun scenery-reader-previous-control ()
  "Move to the previous button or row, from the first back to the last."
  (interactive)
  (scenery-reader--next-role -1))

(defun scenery-reader-tap ()
  "Tap the node at point by its id (`tap {\"id\"}'), as a tap on its centre."
  (interactive)
  (let ((node (scenery-reader--node-at-point)))
    (unless node (user-error "No node on this line"))
    (funcall scenery-reader-request-function "tap" `((id . ,(gethash "id" node))))))

(defun scenery-reader-refresh ()
  "Ask the engine for the list again now (also after it gave none)."
  (interactive)
  (when scenery--current
    (setf (scenery--access-failed (scenery--access scenery--current)) nil
          (scenery--access-rev (scenery--access scenery--current)) nil)
    (scenery--access-schedule scenery--current 0)))

(defun scenery-reader--header-line ()
  "The reader's header line: the scene, the list's rev, what the keys do."
  (let* ((access (and scenery--current (scenery--session-access scenery--current)))
         (scene (scenery-json-get (scenery-session-state) "scene")))
    (format "%s  ·  rev %s  ·  n p move, TAB buttons and rows, RET taps"
            (if (stringp scene) scene "no scene")
            (or (and access (scenery--access-rev access)) "-"))))

(defvar scenery-reader-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map "n" #'scenery-reader-next)
    (define-key map "p" #'scenery-reader-previous)
    (define-key map (kbd "TAB") #'scenery-reader-next-control)
    (define-key map (kbd "<backtab>") #'scenery-reader-previous-control)
    (define-key map (kbd "RET") #'scenery-reader-tap)
    (define-key map "g" #'scenery-reader-refresh)
    map)
  "Keys of `scenery-reader-mode'.")

(define-derived-mode scenery-reader-mode special-mode "Scenery-Reader"
  "The Scenery screen as a screen reader reads it: one node a line.
The engine's accessibility list, in reading order, indented under the
button or row it is read with, each line ROLE \"NAME\" ASSET [STATES].
Moving point says the node with `message', and brings a row not wholly
in view into it; RET taps it by id.  The buffer follows each change of
the screen, point kept on its node.

\\{scenery-reader-mode-map}"
  (setq buffer-undo-list t)
  (setq-local truncate-lines t)
  (setq-local header-line-format '(:eval (scenery-reader--header-line)))
  (add-hook 'post-command-hook #'scenery-reader--moved nil t))

(defun scenery-reader ()
  "Show the screen as a screen reader would read it, in *scenery-reader*.
One node a line in reading order, from the engine (`snapshot
{\"as\":\"accessibility\"}'); the buffer is selected, point on the first
button or row, and said."
  (interactive)
  (let ((buffer (get-buffer-create scenery-reader-buffer-name)))
    (with-current-buffer buffer
      (unless (derived-mode-p 'scenery-reader-mode) (scenery-reader-mode)))
    (pop-to-buffer buffer '((display-buffer-reuse-window display-buffer-in-side-window)
                            (side . right) (slot . 1) (window-width . 0.4)))
    (with-current-buffer buffer (setq scenery-reader--echoed nil))
    (scenery-reader--refresh scenery--current)
    (when (and scenery--current (not (scenery--access-rev (scenery--access scenery--current))))
      (scenery--access-schedule scenery--current 0))
    buffer))

(provide 'scenery-reader)

;;; scenery-reader.el ends here
