;;; scenery-mode-tests.el --- Tests of scenery.el: gestures and the session -*- lexical-binding: t -*-

;;; Commentary:

;; The gesture state machine fed synthetic presses (tap, hold, drag and
;; their thresholds, as the page and the Qt window map them), and the
;; session against the real engine ($SCENERY_BIN, else the checkout's
;; .build/release/scenery; those tests skip, saying so, without one):
;; the mirror equals `snapshot' after gestures, a rev gap and a patch
;; that does not apply resynchronise, each asset is read once, a dead
;; engine is drawn as such and `g' restarts it, the pickers.

;;; Code:

(require 'ert)
(require 'scenery)

(defvar scenery-tests--sent nil
  "The gestures the state machine sent: (METHOD PARAMS), newest first.")

(defmacro scenery-tests--with-gestures (gestures &rest body)
  "Run BODY with a session whose scene takes GESTURES, recording what is sent."
  (declare (indent 1))
  `(let* ((process (make-process :name "scenery-test-cat" :command '("cat") :noquery t))
          (scenery--current (scenery--session-make :process process :gestures ,gestures :rev 7))
          (scenery--press nil)
          (scenery-tests--sent nil)
          (scenery--gesture-sender (lambda (method params) (push (list method params) scenery-tests--sent))))
     (unwind-protect (progn ,@body)
       (when scenery--press (cancel-timer (scenery--press-timer scenery--press)))
       (delete-process process))))

(defun scenery-tests--sent ()
  "What was sent, oldest first, each (METHOD . PARAMS-ALIST)."
  (mapcar (lambda (sent) (cons (car sent) (cadr sent))) (reverse scenery-tests--sent)))

(defun scenery-tests--methods ()
  "The methods sent, oldest first."
  (mapcar #'car (scenery-tests--sent)))

(ert-deftest scenery-gesture-tap ()
  "A press released where it began is a tap at the start, with the rev seen at the press."
  (scenery-tests--with-gestures '("scroll" "tap")
    (scenery-gesture-down 100 200)
    (setf (scenery--session-rev scenery--current) 9) ; a change arrived meanwhile
    (scenery-gesture-move 105 206)                  ; 7.8 pt: within the slop
    (scenery-gesture-up 105 206)
    (should (equal (scenery-tests--sent) '(("tap" (x . 100) (y . 200) (baseRev . 7)))))))

(ert-deftest scenery-gesture-slop ()
  "Moving 10 pt makes a press a drag; just under it, it stays a tap."
  (scenery-tests--with-gestures '("scroll" "tap")
    (scenery-gesture-down 0 0)
    (scenery-gesture-move 6 7.9)                    ; 9.99 pt
    (scenery-gesture-up 6 7.9)
    (should (equal (scenery-tests--methods) '("tap"))))
  (scenery-tests--with-gestures '("scroll" "tap")
    (scenery-gesture-down 0 0)
    (scenery-gesture-move 6 8)                      ; 10 pt
    (scenery-gesture-up 6 8)
    (should (equal (scenery-tests--sent) '(("scroll" (deltaY . -8)))))))

(ert-deftest scenery-gesture-hold ()
  "A press held the long-press time is a longPress where the scene takes it, and no tap follows."
  (let ((scenery-long-press-ms 40))
    (scenery-tests--with-gestures '("longPress" "scroll" "tap")
      (scenery-gesture-down 67 200)
      (let ((deadline (+ (float-time) 2)))   ; the timer's 40 ms, however busy the machine
        (while (and (null scenery-tests--sent) (< (float-time) deadline))
          (sleep-for 0.01)))
      (should (equal (scenery-tests--sent) '(("longPress" (x . 67) (y . 200) (baseRev . 7)))))
      (scenery-gesture-up 67 200)
      (should (equal (scenery-tests--methods) '("longPress"))))
    ;; Where the scene takes no longPress: nothing for the hold, nothing on release.
    (scenery-tests--with-gestures '("scroll" "tap")
      (scenery-gesture-down 67 200)
      (sleep-for 0.1)
      (scenery-gesture-up 67 200)
      (should (null (scenery-tests--sent))))
    ;; Released before the time: a tap, and the timer sends nothing later.
    (scenery-tests--with-gestures '("longPress" "tap")
      (scenery-gesture-down 67 200)
      (scenery-gesture-up 67 200)
      (sleep-for 0.1)
      (should (equal (scenery-tests--methods) '("tap"))))))

(ert-deftest scenery-gesture-drag-pan ()
  "A drag where the scene takes pan: began at the press with its time, changed, ended."
  (scenery-tests--with-gestures '("pan" "scroll" "tap")
    (let ((scenery--epoch (float-time)))
      (scenery-gesture-down 180 600)
      (sleep-for 0.03)
      (scenery-gesture-move 180 590)
      (scenery-gesture-move 180 550)
      (scenery-gesture-up 180 500)
      (let ((sent (scenery-tests--sent)))
        (should (equal (mapcar (lambda (s) (alist-get 'phase (cdr s))) sent) '("began" "changed" "changed" "ended")))
        (should (equal (mapcar #'car sent) '("pan" "pan" "pan" "pan")))
        (should (equal (mapcar (lambda (s) (cons (alist-get 'x (cdr s)) (alist-get 'y (cdr s)))) sent)
                       '((180 . 600) (180 . 590) (180 . 550) (180 . 500))))
        (let ((times (mapcar (lambda (s) (alist-get 't (cdr s))) sent)))
          (should (seq-every-p #'integerp times))
          (should (>= (- (nth 1 times) (nth 0 times)) 20)) ; began carries the press's time
          (should (equal times (sort (copy-sequence times) #'<=))))))))

(ert-deftest scenery-gesture-stamped-times ()
  "A drag's times are the window system's stamps, read however late; never going back."
  (scenery-tests--with-gestures '("pan" "tap")
    (scenery-gesture-down 180 600 1000)
    (scenery-gesture-move 180 590 1020)
    (scenery-gesture-move 180 580 1010)              ; an unstamped poll read before a stamp
    (scenery-gesture-up 180 500 1080)
    (should (equal (mapcar (lambda (s) (alist-get 't (cdr s))) (scenery-tests--sent))
                   '(1000 1020 1020 1080))))
  (let* ((down `(down-mouse-1 (nil 1 (0 . 0) 50000 nil 1 (0 . 0) nil (0 . 0) (1 . 1))))
         (clock (scenery--event-clock down))
         (start (funcall clock (event-start down))))
    (should (= (- (funcall clock '(nil 1 (0 . 0) 50080 nil 1 (0 . 0) nil (0 . 0) (1 . 1))) start) 80))
    (should (integerp (funcall clock nil)))))

(ert-deftest scenery-gesture-drag-scroll ()
  "A drag where the scene takes no pan: scrolls adding up to the drag, no tap, no long press."
  (let ((scenery-long-press-ms 40))
    (scenery-tests--with-gestures '("longPress" "scroll" "tap")
      (scenery-gesture-down 180 600)
      (dolist (y '(595 580 540 470 450))
        (scenery-gesture-move 180 y))
      (sleep-for 0.1)
      (scenery-gesture-up 180 450)
      (should (equal (delete-dups (scenery-tests--methods)) '("scroll")))
      (should (= 150 (apply #'+ (mapcar (lambda (s) (alist-get 'deltaY (cdr s))) (scenery-tests--sent))))))))

(ert-deftest scenery-gesture-cancel ()
  "A pan under way is cancelled when the press is taken away."
  (scenery-tests--with-gestures '("pan" "tap")
    (scenery-gesture-down 10 10)
    (scenery-gesture-move 10 40)
    (scenery-gesture-cancel)
    (scenery-gesture-up 10 40)
    (should (equal (mapcar (lambda (s) (alist-get 'phase (cdr s))) (scenery-tests--sent)) '("began" "changed" "cancelled")))))

(ert-deftest scenery-gesture-wheel-and-keys ()
  "The wheel scrolls; the arrow keys page only where the scene takes page."
  (scenery-tests--with-gestures '("page" "scroll" "tap")
    (scenery-gesture-wheel 100)
    (scenery-gesture-wheel -100)
    (scenery-next-page)
    (scenery-previous-page)
    (should (equal (scenery-tests--sent)
                   '(("scroll" (deltaY . 100)) ("scroll" (deltaY . -100))
                     ("page" (direction . "next")) ("page" (direction . "previous"))))))
  (scenery-tests--with-gestures '("pan" "tap")
    (scenery-gesture-wheel 100)
    (scenery-next-page)
    (should (null (scenery-tests--sent)))))

;;;; The session, against the real engine

(defconst scenery-tests--engine
  (let ((given (getenv "SCENERY_BIN"))
        (built (expand-file-name "../../../.build/release/scenery"
                                 (file-name-directory (or load-file-name buffer-file-name)))))
    (cond ((and given (file-executable-p given)) given)
          ((file-executable-p built) built)))
  "The engine the session tests run, or nil.")

(defmacro scenery-tests--with-engine (&rest body)
  "Run BODY with `M-x scenery' on the engine, its first scene open; then end it."
  (declare (indent 0))
  `(progn
     (unless scenery-tests--engine
       (let ((why "skipped: needs the engine: set SCENERY_BIN or build .build/release/scenery"))
         (message "%s" why)
         (ert-skip why)))
     (let ((scenery-program scenery-tests--engine)
           (scenery-program-args nil)
           (scenery-data-root nil))
       (when (get-buffer "*scenery-log*") (kill-buffer "*scenery-log*"))
       (unwind-protect
           (progn
             (scenery)
             (should (scenery-wait-until (lambda () (scenery-session-gestures)) 20))
             ,@body)
         (when (get-buffer "*scenery*") (kill-buffer "*scenery*"))))))

(defun scenery-tests--svg-has (text)
  "Whether the screen as last drawn has TEXT (t or nil, not the SVG, in a failure)."
  (and (string-match-p (regexp-quote text) (or (scenery-current-svg) "")) t))

(defun scenery-tests--snapshot ()
  "The engine's snapshot, waited for."
  (let (snapshot)
    (scenery-request "snapshot" nil (lambda (result) (setq snapshot result)))
    (scenery-wait-until (lambda () snapshot))))

(defun scenery-tests--settle ()
  "Wait until no answer is awaited and the last redraw is done."
  (scenery-wait-until (lambda () (and (zerop (hash-table-count (scenery--session-waiting scenery--current)))
                                      (not (timerp scenery--redraw-timer))))
                      10)
  (accept-process-output nil 0.05))

(defun scenery-tests--mirror-is-snapshot ()
  "Assert that the mirror is what the engine's snapshot says."
  (scenery-tests--settle)
  (let ((snapshot (scenery-tests--snapshot)))
    (should (= (gethash "rev" snapshot) (scenery-session-rev)))
    (should (scenery-json-equal (gethash "state" snapshot) (scenery-session-state)))))

(ert-deftest scenery-session-mirror ()
  "After the gestures of a session the mirror is the engine's snapshot; each redraw runs the hook."
  (scenery-tests--with-engine
    (let ((redraws 0))
      (add-hook 'scenery-redraw-hook (lambda () (cl-incf redraws)))
      (unwind-protect
          (progn
            (should (equal (scenery-json-get (scenery-session-state) "scene") "directory"))
            (pcase-let ((`(,x ,y ,w ,h) (append (scenery-json-get (scenery-session-state) "display" "nodes"
                                                                   "tab.contacts" "frame")
                                               nil)))
              (scenery-gesture-down (+ x (/ w 2.0)) (+ y (/ h 2.0))) ; a click on the Contacts tab
              (scenery-gesture-up (+ x (/ w 2.0)) (+ y (/ h 2.0))))
            (should (scenery-wait-until (lambda () (equal (scenery-json-get (scenery-session-state) "model" "tab") "contacts"))))
            (scenery-gesture-down 200 600)      ; a drag up: scrolls
            (dolist (y '(590 560 500 400))
              (scenery-gesture-move 200 y))
            (scenery-gesture-up 200 400)
            (scenery-gesture-wheel 100)
            (scenery-tests--mirror-is-snapshot)
            (should (> (scenery-json-get (scenery-session-state) "display" "content" "offsetY") 250))
            (should (> redraws 0))
            (should (scenery-tests--svg-has "<!-- tab.contacts.label -->"))
            (should (string-match-p "directory .*rev [0-9]+ .*live" (scenery--header-line))))
        (setq scenery-redraw-hook nil)))))

(ert-deftest scenery-session-resync ()
  "A rev gap, or a patch that does not apply, resynchronises from snapshot."
  (scenery-tests--with-engine
    (scenery-tests--settle)
    (let* ((session scenery--current)
           (resyncs (scenery--session-resyncs session))
           (rev (scenery-session-rev)))
      (scenery--receive session (format "{\"jsonrpc\":\"2.0\",\"method\":\"patch\",\"params\":{\"cause\":\"test\",\"patch\":[{\"op\":\"replace\",\"path\":\"/scene\",\"value\":\"wrong\"}],\"rev\":%d}}" (+ rev 2)))
      (should (equal (scenery-json-get (scenery-session-state) "scene") "directory"))
      (should (scenery-wait-until (lambda () (> (scenery--session-resyncs session) resyncs))))
      (scenery-tests--mirror-is-snapshot)
      (setq resyncs (scenery--session-resyncs session) rev (scenery-session-rev))
      (scenery--receive session (format "{\"jsonrpc\":\"2.0\",\"method\":\"patch\",\"params\":{\"cause\":\"test\",\"patch\":[{\"op\":\"remove\",\"path\":\"/nothing/here\"}],\"rev\":%d}}" (1+ rev)))
      (should (scenery-wait-until (lambda () (> (scenery--session-resyncs session) resyncs))))
      (should (= (scenery-session-rev) rev))
      (scenery-tests--mirror-is-snapshot))))

(ert-deftest scenery-session-assets-read-once ()
  "Each asset is read once with asset.read, however often the screen is drawn."
  (scenery-tests--with-engine
    (scenery-tests--settle)
    (dotimes (_ 3) (scenery--redraw))
    (scenery-gesture-wheel 300)
    (scenery-gesture-wheel -300)
    (scenery-tests--settle)
    (let ((reads (with-current-buffer "*scenery-log*"
                   (let (ids)
                     (goto-char (point-min))
                     (while (re-search-forward "^> .*\"method\":\"asset.read\",\"params\":{\"id\":\"\\([^\"]+\\)\"" nil t)
                       (push (match-string 1) ids))
                     ids))))
      (should (> (length reads) 3))
      (should (= (length reads) (length (delete-dups (copy-sequence reads)))))
      ;; Each picture drawn from a file written once, holding the asset's bytes.
      (let ((svg (scenery-current-svg)) (files nil) (start 0))
        (while (string-match "xlink:href=\"file://\\([^\"]+\\)\"" svg start)
          (push (url-unhex-string (match-string 1 svg)) files)
          (setq start (match-end 0)))
        (should files)
        (should-not (scenery-tests--svg-has "base64"))
        (dolist (file files) (should (file-exists-p file)))
        (maphash (lambda (asset href)
                   (should (equal (with-temp-buffer
                                    (set-buffer-multibyte nil)
                                    (insert-file-contents-literally (url-unhex-string (string-remove-prefix "file://" href)))
                                    (buffer-string))
                                  (base64-decode-string (gethash "data" asset)))))
                 (scenery--session-asset-hrefs scenery--current))))))

(ert-deftest scenery-session-dead-engine ()
  "A dead engine is drawn over the screen with a message; g restarts it on the same scene."
  (scenery-tests--with-engine
    (scenery-pick-scene "Testcard: built-in sample")
    (should (scenery-wait-until (lambda () (equal (scenery-json-get (scenery-session-state) "scene") "testcard"))))
    (scenery-tests--settle)
    (signal-process (scenery--session-process scenery--current) 'KILL)
    (should (scenery-wait-until (lambda () (scenery--session-dead scenery--current))))
    (scenery-tests--settle)
    (should (string-match-p "The engine stopped (signal 9)" (scenery--session-dead scenery--current)))
    (should (scenery-tests--svg-has "The engine stopped"))
    (should (scenery-tests--svg-has "restart it."))
    (should (string-match-p "engine stopped (g restarts it)" (scenery--header-line)))
    (should-not (scenery-session-live-p))
    (with-current-buffer "*scenery*"
      (execute-kbd-macro "g"))
    (should (scenery-wait-until (lambda () (and (scenery-session-live-p)
                                                (equal (scenery-json-get (scenery-session-state) "scene") "testcard")))))
    (scenery-tests--settle)
    (should-not (scenery-tests--svg-has "The engine stopped"))))

(ert-deftest scenery-session-pickers-and-pages ()
  "The scene and device pickers open the scene and set the viewport; the keys then page."
  (scenery-tests--with-engine
    (scenery-pick-scene "Testcard: built-in sample")
    (should (scenery-wait-until (lambda () (member "page" (scenery-session-gestures)))))
    (scenery-pick-device "iPhone 16e (390x844)")
    (should (scenery-wait-until (lambda () (eql (scenery-json-get (scenery-session-state) "viewport" "width") 390))))
    (let ((page (scenery-json-get (scenery-session-state) "model" "page")))
      (with-current-buffer "*scenery*"
        (execute-kbd-macro (kbd "<right> <right> <left>")))
      (should (scenery-wait-until (lambda () (eql (scenery-json-get (scenery-session-state) "model" "page") (1+ page))))))
    (should (string-match-p "iPhone 16e" (scenery--header-line)))
    (scenery-tests--mirror-is-snapshot)))

(ert-deftest scenery-needs-svg-and-json ()
  "Without SVG or native JSON, `M-x scenery' says which is missing."
  (cl-letf (((symbol-function 'image-type-available-p) (lambda (_) nil)))
    (let ((err (should-error (scenery) :type 'user-error)))
      (should (string-match-p "SVG" (cadr err)))))
  (cl-letf (((symbol-function 'json-available-p) (lambda () nil)))
    (let ((err (should-error (scenery) :type 'user-error)))
      (should (string-match-p "JSON" (cadr err)))
      (should-not (string-match-p "SVG" (cadr err))))))

(provide 'scenery-mode-tests)

;;; scenery-mode-tests.el ends here
