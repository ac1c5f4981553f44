;;; scenery-reader-tests.el --- Tests of what a screen reader is told -*- lexical-binding: t -*-

;;; Commentary:

;; scenery-access.el and scenery-reader.el fed accessibility lists as
;; data (the engine's `snapshot {"as":"accessibility"}' shape): the
;; lines and descriptions, point kept on its node across lists, the
;; announcement rule and when it is made, the list asked for only once
;; the mirror settles and one request at a time, the hover text, and
;; RET, n, p and TAB in the reader (the request function stubbed).  One
;; test runs the real engine: the reader's lines are the engine's screen
;; as text without the ids.

;;; Code:

(require 'ert)
(require 'scenery)
(require 'scenery-mode-tests)

(defun scenery-reader-tests--nodes (&rest json)
  "The list of nodes JSON, each one node's JSON text, as the engine gives it."
  (scenery-json-parse (concat "[" (string-join json ",") "]")))

(defconst scenery-reader-tests--recents
  (scenery-reader-tests--nodes
   "{\"id\":\"title\",\"kind\":\"text\",\"name\":\"Recents\",\"states\":[],\"depth\":0,\"layer\":\"screen\",\"frame\":[16,91,343,41]}"
   "{\"id\":\"recents.header.events.title\",\"kind\":\"text\",\"name\":\"EVENTS\",\"states\":[],\"depth\":0,\"layer\":\"content\",\"frame\":[16,173,343,16]}"
   "{\"id\":\"contacts.person.23\",\"kind\":\"rect\",\"role\":\"row\",\"name\":\"Zoë \\\"Z\\\" Ångström\",\"states\":[\"selected\"],\"depth\":0,\"layer\":\"content\",\"frame\":[0,195,375,50]}"
   "{\"id\":\"contacts.person.23.image\",\"kind\":\"image\",\"asset\":\"directory.portrait.6\",\"states\":[\"loading\"],\"depth\":1,\"parent\":\"contacts.person.23\",\"layer\":\"content\",\"frame\":[8,204,42.667,32]}"
   "{\"id\":\"settings\",\"kind\":\"rect\",\"role\":\"button\",\"name\":\"\",\"states\":[\"selected\",\"disabled\"],\"depth\":0,\"layer\":\"screen\",\"frame\":[320,44,44,44]}"
   "{\"id\":\"tab.contacts\",\"kind\":\"rect\",\"role\":\"button\",\"name\":\"Contacts\",\"states\":[],\"depth\":0,\"layer\":\"screen\",\"frame\":[250,729,125,49]}")
  "A list with each kind of line: a text, a row with a child, an unnamed button.")

(ert-deftest scenery-reader-lines-and-descriptions ()
  "Each node's line is the screen as text's without its id; its description is what is said."
  (with-temp-buffer
    (scenery-reader-mode)
    (scenery-reader--render scenery-reader-tests--recents)
    (should (equal (buffer-string)
                   (concat "text \"Recents\"\n"
                           "text \"EVENTS\"\n"
                           "row \"Zoë \\\"Z\\\" Ångström\" [selected]\n"
                           "  image directory.portrait.6 [loading]\n"
                           "button \"\" [selected, disabled]\n"
                           "button \"Contacts\"\n")))
    ;; Point on the first button or row of a fresh buffer.
    (should (equal (gethash "id" (scenery-reader--node-at-point)) "contacts.person.23")))
  (should (equal (mapcar #'scenery-accessibility-describe scenery-reader-tests--recents)
                 '("text Recents  #title"
                   "text EVENTS  #recents.header.events.title"
                   "row Zoë \"Z\" Ångström [selected]  #contacts.person.23"
                   "image directory.portrait.6 [loading]  #contacts.person.23.image"
                   "button [selected, disabled]  #settings"
                   "button Contacts  #tab.contacts"))))

(defun scenery-reader-tests--id-at-point ()
  "The id of the node on the line at point."
  (gethash "id" (scenery-reader--node-at-point)))

(ert-deftest scenery-reader-point-kept ()
  "Point stays on its node's line across lists; when the node goes, on the first button or row."
  (with-temp-buffer
    (scenery-reader-mode)
    (scenery-reader--render scenery-reader-tests--recents)
    (goto-char (point-min))
    (forward-line 5)
    (should (equal (scenery-reader-tests--id-at-point) "tab.contacts"))
    ;; Two lines before it, another after, its state changed: point follows the id.
    (let ((moved (scenery-reader-tests--nodes
                  "{\"id\":\"title\",\"kind\":\"text\",\"name\":\"Contacts\",\"states\":[],\"depth\":0,\"layer\":\"screen\",\"frame\":[0,0,1,1]}"
                  "{\"id\":\"alert.title\",\"kind\":\"text\",\"name\":\"A\",\"states\":[],\"depth\":0,\"layer\":\"screen\",\"frame\":[0,0,1,1]}"
                  "{\"id\":\"index.A\",\"kind\":\"text\",\"role\":\"button\",\"name\":\"A\",\"states\":[],\"depth\":0,\"layer\":\"screen\",\"frame\":[0,0,1,1]}"
                  "{\"id\":\"tab.contacts\",\"kind\":\"rect\",\"role\":\"button\",\"name\":\"Contacts\",\"states\":[\"selected\"],\"depth\":0,\"layer\":\"screen\",\"frame\":[0,0,1,1]}"
                  "{\"id\":\"tab.recents\",\"kind\":\"rect\",\"role\":\"button\",\"name\":\"Recents\",\"states\":[],\"depth\":0,\"layer\":\"screen\",\"frame\":[0,0,1,1]}")))
      (scenery-reader--render moved)
      (should (equal (scenery-reader-tests--id-at-point) "tab.contacts"))
      (should (= (line-number-at-pos) 4))
      (should (equal (buffer-substring (line-beginning-position) (line-end-position)) "button \"Contacts\" [selected]"))
      ;; The node gone: the first button or row (index.A), not the first line.
      (scenery-reader--render (vconcat (seq-take moved 3)))
      (should (equal (scenery-reader-tests--id-at-point) "index.A"))
      ;; No button or row at all: the first line.
      (scenery-reader--render (vconcat (seq-take moved 2)))
      (should (= (point) (point-min)))
      (scenery-reader--render [] "Waiting")
      (should (equal (buffer-string) "Waiting\n")))))

(ert-deftest scenery-access-announcement-rule ()
  "Said: the screen layer's depth-0 texts without a role that are new or whose text changed."
  (let ((old scenery-reader-tests--recents)
        (node (lambda (id kind name layer &optional role depth)
                (format "{\"id\":%S,\"kind\":%S,\"name\":%S,\"states\":[],\"depth\":%d,\"layer\":%S,\"frame\":[0,0,1,1]%s}"
                        id kind name (or depth 0) layer (if role (format ",\"role\":%S" role) "")))))
    (should-not (scenery-accessibility-announcement old old))
    ;; A new title after a tab is tapped; the index letters (buttons), content texts and
    ;; texts read under a role node are not said.
    (should (equal (scenery-accessibility-announcement
                    old (scenery-reader-tests--nodes (funcall node "title" "text" "Contacts" "screen")
                                                     (funcall node "index.A" "text" "A" "screen" "button")
                                                     (funcall node "contacts.header.A.title" "text" "A" "content")
                                                     (funcall node "tab.x.note" "text" "new" "screen" nil 1)
                                                     (funcall node "blank" "text" " " "screen")))
                   "Contacts"))
    ;; An alert: its title and message, in reading order, joined by ". ".
    (should (equal (scenery-accessibility-announcement
                    old (scenery-reader-tests--nodes (funcall node "alert.title" "text" "Linear Algebra" "screen")
                                                     (funcall node "alert.message" "text" "ISBN 9786581411664" "screen")
                                                     (funcall node "alert.action.0" "rect" "OK" "screen" "button")))
                   "Linear Algebra. ISBN 9786581411664"))
    ;; The same title, kept: nothing.
    (should-not (scenery-accessibility-announcement
                 old (scenery-reader-tests--nodes (funcall node "title" "text" "Recents" "screen"))))))

(defmacro scenery-reader-tests--with-session (&rest body)
  "Run BODY with a live stand-in session (its process `cat'), messages kept.
In BODY, `messages' holds what was shown with `message', newest first."
  (declare (indent 0))
  `(let* ((process (make-process :name "scenery-test-cat" :command '("cat") :noquery t))
          (scenery--current (scenery--session-make :process process :rev 5 :opens 1
                                                   :state (make-hash-table :test 'equal)))
          (messages nil))
     (cl-letf (((symbol-function 'message)
                (lambda (format &rest args) (when format (push (apply #'format format args) messages)))))
       (unwind-protect (progn ,@body)
         (let ((timer (scenery--access-timer (scenery--access scenery--current))))
           (when (timerp timer) (cancel-timer timer)))
         (delete-process process)))))

(defun scenery-reader-tests--list (rev nodes)
  "An answer of `snapshot {\"as\":\"accessibility\"}' at REV with NODES."
  (let ((result (make-hash-table :test 'equal)))
    (puthash "rev" rev result)
    (puthash "nowMs" 0 result)
    (puthash "nodes" nodes result)
    result))

(ert-deftest scenery-access-announcements-when ()
  "Nothing for the first list after a scene.open; a change in the same scene is said."
  (scenery-reader-tests--with-session
    (let* ((session scenery--current)
           (contacts (vconcat (scenery-reader-tests--nodes
                               "{\"id\":\"title\",\"kind\":\"text\",\"name\":\"Contacts\",\"states\":[],\"depth\":0,\"layer\":\"screen\",\"frame\":[0,0,1,1]}")
                              (seq-drop scenery-reader-tests--recents 1))))
      (scenery--access-take session (scenery-reader-tests--list 5 scenery-reader-tests--recents))
      (should (null messages))
      (should (eq (scenery-accessibility-nodes) scenery-reader-tests--recents))
      (scenery--access-take session (scenery-reader-tests--list 6 contacts))
      (should (equal messages '("Contacts")))
      ;; A scene.open answered (counted by the session as it reads the answer): the next list is a first.
      (puthash 40 (list "scene.open" nil nil) (scenery--session-waiting session))
      (scenery--receive session "{\"jsonrpc\":\"2.0\",\"id\":40,\"result\":{\"rev\":5,\"patch\":[],\"gestures\":[\"tap\"]}}")
      (should (= (scenery--session-opens session) 2))
      (scenery--access-take session (scenery-reader-tests--list 7 scenery-reader-tests--recents))
      (should (equal messages '("Contacts")))
      (let ((scenery-announce nil))
        (scenery--access-take session (scenery-reader-tests--list 8 contacts)))
      (should (equal messages '("Contacts"))))))

(ert-deftest scenery-access-asks-once-settled ()
  "The list is asked for once the mirror has settled, never while a press is under way,
one request at a time, and again on its return when the rev has moved."
  (scenery-reader-tests--with-session
    (let* ((session scenery--current)
           (asked nil)
           (scenery-accessibility-delay 0.08)
           (scenery--press nil)
           (scenery--access-requester
            (lambda (_session method params callback _errback)
              (push (list method params callback) asked))))
      (dotimes (_ 8)                    ; a drag: a change every 20 ms
        (cl-incf (scenery--session-rev session))
        (scenery--changed session)
        (sleep-for 0.02))
      (should (null asked))
      (sleep-for 0.2)
      (should (equal (mapcar #'butlast asked) '(("snapshot" ((as . "accessibility"))))))
      ;; A change while it is on its way: no second request.
      (cl-incf (scenery--session-rev session))
      (scenery--changed session)
      (sleep-for 0.2)
      (should (= (length asked) 1))
      ;; It returns with the rev it was asked at, behind the mirror: asked again once settled.
      (funcall (nth 2 (car asked)) (scenery-reader-tests--list 13 []))
      (sleep-for 0.2)
      (should (= (length asked) 2))
      (funcall (nth 2 (car asked)) (scenery-reader-tests--list 14 []))
      (sleep-for 0.2)
      (should (= (length asked) 2))
      ;; A press under way holds the request back until it ends.
      (setq scenery--press t)
      (cl-incf (scenery--session-rev session))
      (scenery--changed session)
      (sleep-for 0.25)
      (should (= (length asked) 2))
      (setq scenery--press nil)
      (sleep-for 0.25)
      (should (= (length asked) 3)))))

(ert-deftest scenery-access-hover-text ()
  "Hovering tells a listed node as a screen reader is told it; decoration keeps id and kind."
  (scenery-reader-tests--with-session
    (setf (scenery--session-state scenery--current)
          (scenery-json-parse
           (concat "{\"scene\":\"directory\",\"viewport\":{\"width\":375,\"height\":812,\"scale\":3},"
                   "\"display\":{\"content\":null,\"nodes\":{"
                   "\"navbar\":{\"kind\":\"rect\",\"frame\":[0,0,375,88],\"z\":1,\"layer\":\"screen\"},"
                   "\"tab.contacts\":{\"kind\":\"rect\",\"frame\":[250,729,125,49],\"z\":10,\"layer\":\"screen\",\"style\":{\"role\":\"button\"}},"
                   "\"tab.contacts.icon\":{\"kind\":\"image\",\"frame\":[300,735,25,25],\"z\":11,\"layer\":\"screen\",\"image\":\"directory.icon.contacts\"},"
                   "\"tab.contacts.label\":{\"kind\":\"text\",\"frame\":[250,762,125,14],\"z\":11,\"layer\":\"screen\",\"runs\":[{\"text\":\"Contacts\"}]}}}}")))
    (scenery--access-take scenery--current
                          (scenery-reader-tests--list
                           5 (scenery-reader-tests--nodes
                              "{\"id\":\"tab.contacts\",\"kind\":\"rect\",\"role\":\"button\",\"name\":\"Contacts\",\"states\":[\"selected\"],\"depth\":0,\"layer\":\"screen\",\"frame\":[250,729,125,49]}"
                              "{\"id\":\"tab.contacts.icon\",\"kind\":\"image\",\"asset\":\"directory.icon.contacts\",\"states\":[],\"depth\":1,\"parent\":\"tab.contacts\",\"layer\":\"screen\",\"frame\":[300,735,25,25]}")))
    (let ((state (scenery-session-state)))
      ;; On the label (read as the button's name): the button.
      (should (equal (scenery--hover-text state 260 770) "button Contacts [selected]  #tab.contacts"))
      (should (equal (scenery--hover-text state 310 740)
                     "image directory.icon.contacts  #tab.contacts.icon\n  in button Contacts [selected]  #tab.contacts"))
      (should (equal (scenery--hover-text state 10 10) "(10, 10)  navbar  rect"))
      (should (equal (scenery--hover-text state 10 400) "(10, 400)  nothing")))))

(ert-deftest scenery-reader-keys ()
  "n and p move a node, TAB to the next button or row, each move says the node; RET taps by id."
  (scenery-reader-tests--with-session
    (let* ((sent nil)
           (scenery-reader-request-function (lambda (method params) (push (list method params) sent))))
      (scenery--access-take scenery--current (scenery-reader-tests--list 5 scenery-reader-tests--recents))
      ;; Shown in the selected window: the keys are read there, as a user's are.
      (save-window-excursion
        (switch-to-buffer (get-buffer-create scenery-reader-buffer-name))
        (unwind-protect
            (progn
              (scenery-reader-mode)
              (scenery-reader--refresh scenery--current)
              (should (equal (scenery-reader-tests--id-at-point) "contacts.person.23"))
              (setq messages nil)
              (execute-kbd-macro (kbd "n"))
              (should (equal (scenery-reader-tests--id-at-point) "contacts.person.23.image"))
              (execute-kbd-macro (kbd "TAB"))
              (should (equal (scenery-reader-tests--id-at-point) "settings"))
              (execute-kbd-macro (kbd "p p TAB TAB"))
              (should (equal (scenery-reader-tests--id-at-point) "tab.contacts"))
              (execute-kbd-macro (kbd "TAB"))   ; round to the first button or row
              (should (equal (scenery-reader-tests--id-at-point) "contacts.person.23"))
              (execute-kbd-macro (kbd "<backtab>"))
              (should (equal (scenery-reader-tests--id-at-point) "tab.contacts"))
              (should (equal (car messages) "button Contacts  #tab.contacts"))
              (should (member "image directory.portrait.6 [loading]  #contacts.person.23.image" messages))
              (execute-kbd-macro (kbd "RET"))
              (execute-kbd-macro (kbd "TAB n RET"))   ; a node read under a row: its own id
              (should (equal (reverse sent) '(("tap" ((id . "tab.contacts")))
                                              ("tap" ((id . "contacts.person.23.image")))))))
          (kill-buffer))))))

(ert-deftest scenery-reader-reveal ()
  "Moving onto a content node not wholly in the content frame reveals it; others send nothing."
  (scenery-reader-tests--with-session
    (setf (scenery--session-state scenery--current)
          (scenery-json-parse "{\"display\":{\"content\":{\"frame\":[0,140,375,589],\"offsetY\":0},\"nodes\":{}}}"))
    (scenery--access-take
     scenery--current
     (scenery-reader-tests--list
      5 (scenery-reader-tests--nodes
         "{\"id\":\"row.1\",\"kind\":\"rect\",\"role\":\"row\",\"name\":\"In\",\"states\":[],\"depth\":0,\"layer\":\"content\",\"frame\":[0,679,375,50]}"
         "{\"id\":\"row.2\",\"kind\":\"rect\",\"role\":\"row\",\"name\":\"Half out\",\"states\":[],\"depth\":0,\"layer\":\"content\",\"frame\":[0,696,375,50]}"
         "{\"id\":\"row.0\",\"kind\":\"rect\",\"role\":\"row\",\"name\":\"Above\",\"states\":[],\"depth\":0,\"layer\":\"content\",\"frame\":[0,130,375,50]}"
         "{\"id\":\"tab\",\"kind\":\"rect\",\"role\":\"button\",\"name\":\"Tab\",\"states\":[],\"depth\":0,\"layer\":\"screen\",\"frame\":[0,760,375,50]}")))
    (let* ((sent nil)
           (scenery-reader-request-function (lambda (method params) (push (list method params) sent))))
      (save-window-excursion
        (switch-to-buffer (get-buffer-create scenery-reader-buffer-name))
        (unwind-protect
            (progn
              (scenery-reader-mode)
              (scenery-reader--refresh scenery--current)
              (execute-kbd-macro (kbd "n n n p"))
              (should (equal (reverse sent) '(("reveal" ((id . "row.2"))) ("reveal" ((id . "row.0")))
                                              ("reveal" ((id . "row.0")))))))
          (kill-buffer))))))

(ert-deftest scenery-reader-engine-lines ()
  "On the real engine, the reader follows each change with the screen as text's lines without ids.
While the shelf's alert shows, only the alert's."
  (scenery-tests--with-engine
    (should (scenery-wait-until (lambda () (or (scenery-accessibility-nodes)
                                               (scenery--access-failed (scenery--access scenery--current))))
                                20))
    (when (scenery--access-failed (scenery--access scenery--current))
      (let ((why (format "skipped: the engine gives no accessibility list (%s); build it from 2592791 on"
                         (scenery--access-failed (scenery--access scenery--current)))))
        (message "%s" why)
        (ert-skip why)))
    (scenery-reader)                    ; once: it follows every list after
    (unwind-protect
        (dolist (step '(nil "tab.contacts" "contacts.person.23" shelf "book.0" "alert.action.0"))
          (cond ((eq step 'shelf) (scenery-pick-scene "Shelf: built-in sample")
                 (should (scenery-wait-until (lambda () (equal (scenery-json-get (scenery-session-state) "scene") "shelf")))))
                (step (scenery-request "tap" `((id . ,step)))))
          (scenery-tests--settle)
          (should (scenery-wait-until
                   (lambda () (eql (scenery--access-rev (scenery--access scenery--current)) (scenery-session-rev)))))
          (let ((text nil))
            ;; While an alert shows, only its nodes are listed (it is modal).
            (scenery-request "snapshot" (if (scenery-json-get (scenery-session-state) "display" "nodes" "alert.box")
                                            '((as . "text") (ids . ["alert"]))
                                          '((as . "text")))
                             (lambda (result) (setq text (gethash "text" result))))
            (should (scenery-wait-until (lambda () text)))
            (should (equal (with-current-buffer scenery-reader-buffer-name (buffer-string))
                           (replace-regexp-in-string "  #[^\n]*" "" text)))))
      (when (get-buffer scenery-reader-buffer-name) (kill-buffer scenery-reader-buffer-name)))))

(provide 'scenery-reader-tests)

;;; scenery-reader-tests.el ends here
