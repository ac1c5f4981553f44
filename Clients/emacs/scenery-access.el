;;; scenery-access.el --- What a screen reader is told: the engine's list, hover, announcements -*- lexical-binding: t -*-

;; Copyright (C) 2025 The Scenery authors

;; Author: The Scenery authors
;; Keywords: multimedia, tools

;; This file is not part of GNU Emacs.

;;; Commentary:

;; What assistive technology is told (Protocol/PROTOCOL.md, section 3,
;; `snapshot {"as":"accessibility"}'): the nodes a person is told of, in
;; reading order, each with its role or kind, its name or asset, its
;; states and its depth.  The engine gives the list; nothing here works
;; out a name or an order.  It is asked for once the mirror has settled
;; (`scenery-accessibility-delay' without a change and no press under
;; way, one request at a time, asked again on its return when the rev
;; has moved), so a drag asks once, after it; it is kept in the session.
;;
;; - Hovering over the screen shows the node as "ROLE NAME [STATES]  #ID"
;;   (`scenery-accessibility-hover-text', used by the screen's help-echo).
;; - What a person must hear after a change (the screen layer's depth-0
;;   texts that are new or changed since the last list in the same
;;   scene) is shown with `message' (`scenery-announce'), which
;;   Emacspeak speaks.
;; - `scenery-accessibility-functions' hear of each new list: the reader
;;   buffer (scenery-reader.el) follows it.

;;; Code:

(require 'cl-lib)
(require 'seq)
(require 'subr-x)
(require 'scenery-patch)
(require 'scenery-session)

(defvar scenery--press)                 ; scenery-input.el: the press under way

(defvar scenery-accessibility-functions nil
  "Functions called with the session and the announcement made (or nil).
Called after each new accessibility list is kept, and after the engine
refused one.")

;;;; Options

(defcustom scenery-accessibility-delay 0.15
  "Seconds the mirror stays unchanged before the accessibility list is asked for.
A drag's changes come many a second: it is asked for once, after."
  :group 'scenery
  :type 'number)

(defcustom scenery-announce t
  "Whether what a person must hear after a change is shown with `message'.
That is the screen layer's texts that are new or changed (a new title,
an alert's title and message), as the page's live region says them;
Emacspeak speaks what `message' shows."
  :group 'scenery
  :type 'boolean)

;;;; The list, kept in the session

(cl-defstruct (scenery--access (:constructor scenery--access-make) (:copier nil))
  "What a session's engine last said assistive technology is told.
REV and NODES are the last list's; INDEX maps an id to its node; OPENS
is the session's count of `scene.open's when it came; ASKING is non-nil
while a request is on its way; TIMER waits for the mirror to settle;
FAILED is the engine's error message when it gives no list."
  rev nodes index opens asking timer failed)

(defvar scenery--access-requester #'scenery--request
  "The function that sends the list's request, as `scenery--request'.")

(defun scenery--access (session)
  "SESSION's accessibility record, made when first needed."
  (or (scenery--session-access session)
      (setf (scenery--session-access session) (scenery--access-make))))

(defun scenery--access-schedule (session &optional delay)
  "Ask for SESSION's list once its mirror has not changed for DELAY seconds.
DELAY defaults to `scenery-accessibility-delay'; each call starts it anew."
  (let ((access (scenery--access session)))
    (unless (scenery--access-failed access)
      (when (timerp (scenery--access-timer access))
        (cancel-timer (scenery--access-timer access)))
      (setf (scenery--access-timer access)
            (run-at-time (or delay scenery-accessibility-delay) nil #'scenery--access-settled session)))))

(add-hook 'scenery-change-functions #'scenery--access-schedule)

(defun scenery--access-settled (session)
  "SESSION's mirror has settled: ask for the list when it is behind."
  (let ((access (scenery--access session)))
    (setf (scenery--access-timer access) nil)
    (cond ((not (and (eq session scenery--current) (scenery--live-p session)
                     (scenery--session-state session))))
          ((scenery--access-asking access))  ; its return asks again if need be
          ((and (boundp 'scenery--press) scenery--press) (scenery--access-schedule session))
          ((eql (scenery--access-rev access) (scenery--session-rev session)))
          (t (scenery--access-ask session)))))

(defun scenery--access-ask (session)
  "Send SESSION's engine `snapshot {\"as\":\"accessibility\"}'."
  (let ((access (scenery--access session)))
    (setf (scenery--access-asking access) t)
    (funcall scenery--access-requester session "snapshot" '((as . "accessibility"))
             (lambda (result)
               (setf (scenery--access-asking access) nil)
               (scenery--access-take session result)
               (unless (eql (gethash "rev" result) (scenery--session-rev session))
                 (scenery--access-schedule session)))
             (lambda (error-object)
               (setf (scenery--access-asking access) nil
                     (scenery--access-failed access) (format "%s" (gethash "message" error-object)))
               (run-hook-with-args 'scenery-accessibility-functions session nil)))))

(defun scenery--access-take (session result)
  "Keep RESULT, SESSION's new list: announce what changed, show it in the reader."
  (let* ((access (scenery--access session))
         (nodes (or (gethash "nodes" result) []))
         (said (and scenery-announce (eq session scenery--current)
                    (scenery--access-rev access)
                    (eql (scenery--access-opens access) (scenery--session-opens session))
                    (scenery-accessibility-announcement (scenery--access-nodes access) nodes)))
         (index (make-hash-table :test 'equal)))
    (seq-doseq (node nodes) (puthash (gethash "id" node) node index))
    (setf (scenery--access-rev access) (gethash "rev" result)
          (scenery--access-nodes access) nodes
          (scenery--access-index access) index
          (scenery--access-opens access) (scenery--session-opens session))
    (when said (message "%s" said))
    (run-hook-with-args 'scenery-accessibility-functions session said)))

(defun scenery-accessibility-nodes ()
  "The current session's last accessibility list: a vector of nodes, or nil.
Each node is a hash table {id, kind, role?, name?, asset?, states, depth,
parent?, layer, frame}, in reading order (PROTOCOL.md, section 3)."
  (let ((access (and scenery--current (scenery--session-access scenery--current))))
    (and access (scenery--access-nodes access))))

(defun scenery-accessibility-announcement (old new)
  "What a person must hear when the list OLD becomes NEW, or nil.
The texts of NEW's depth-0 text nodes without a role on the screen
layer that OLD has not, or has with another text, joined by \". \"."
  (let ((before (make-hash-table :test 'equal))
        (said nil))
    (seq-doseq (node old) (puthash (gethash "id" node) (gethash "name" node) before))
    (seq-doseq (node new)
      (let ((name (gethash "name" node)))
        (when (and (equal (gethash "kind" node) "text") (null (gethash "role" node))
                   (eql (gethash "depth" node) 0) (equal (gethash "layer" node) "screen")
                   (stringp name) (not (string-blank-p name))
                   (not (equal name (gethash (gethash "id" node) before))))
          (push name said))))
    (and said (string-join (nreverse said) ". "))))

;;;; A node in words

(defun scenery-accessibility-describe (node)
  "NODE of the list as a person is told it: \"ROLE NAME [STATES]  #ID\".
The role, else the kind; the name (left out when empty), else the
asset; the states that hold."
  (let ((name (gethash "name" node))
        (states (append (gethash "states" node) nil)))
    (concat (string-join (delq nil (list (or (gethash "role" node) (gethash "kind" node))
                                         (and (stringp name) (not (string-empty-p name)) name)
                                         (gethash "asset" node)
                                         (and states (format "[%s]" (string-join states ", ")))))
                         " ")
            "  #" (gethash "id" node))))

(defun scenery-accessibility-line (node)
  "NODE's line in the reader: indented by its depth, ROLE \"NAME\" ASSET [STATES].
The screen as text's line (PROTOCOL.md, section 3) without its id."
  (let ((name (gethash "name" node))
        (states (append (gethash "states" node) nil)))
    (concat (make-string (* 2 (or (gethash "depth" node) 0)) ?\s)
            (or (gethash "role" node) (gethash "kind" node))
            (if (stringp name) (concat " " (json-serialize name)) "")
            (let ((asset (gethash "asset" node))) (if asset (concat " " asset) ""))
            (if states (format " [%s]" (string-join states ", ")) ""))))

(defun scenery-accessibility-hover-text (ids)
  "Describe the nodes IDS (topmost first) as hovering over them does, or nil.
The first of IDS the current list has, described, and the role node it
is read under; nil when the list has none of them (decoration)."
  (let* ((access (and scenery--current (scenery--session-access scenery--current)))
         (index (and access (scenery--access-index access)))
         (id (and index (seq-find (lambda (id) (gethash id index)) ids))))
    (when id
      (let* ((node (gethash id index))
             (parent (gethash "parent" node))
             (owner (and (stringp parent) (gethash parent index))))
        (concat (scenery-accessibility-describe node)
                (if owner (concat "\n  in " (scenery-accessibility-describe owner)) ""))))))

(provide 'scenery-access)

;;; scenery-access.el ends here
