;;; scenery-perf.el --- How fast the screen answers real mouse input -*- lexical-binding: t -*-

;;; Commentary:

;; xvfb-run -a -s "-screen 0 1280x1024x24" \
;;   emacs -Q -L Clients/emacs -l Clients/emacs/test/scenery-perf.el
;;
;; Needs a graphic display, xdotool and the engine ($SCENERY_BIN, else
;; the checkout's .build/release/scenery).  On each scene it clicks (or
;; presses a key) and drags 300 pt over a second with the real (X) mouse,
;; and prints: the time from the input to the end of the redraw that
;; shows its change (on screen: the redraw ends with `redisplay'), and
;; the redraws a second during the drag, with what a redraw cost.
;; Byte-compile the package first for the figures a user gets.  Writes
;; the report to $SCENERY_PERF_OUT when set, and exits.

;;; Code:

(require 'scenery)
(require 'seq)

(defvar scenery-perf--redraws nil
  "(TIME REV COST-MS SVG-MS GC-MS ARRIVED) of each redraw, newest first.
GC-MS is the time spent collecting garbage since the redraw before,
ARRIVED the time the patch of REV (or the snapshot) was read.")

(defvar scenery-perf--arrivals (make-hash-table)
  "The time each rev's patch or snapshot was read, by rev.")

(defvar scenery-perf--gc-elapsed 0
  "`gc-elapsed' at the last redraw.")

(defvar scenery-perf--report nil
  "The report's lines, newest first.")

(defun scenery-perf--say (format-string &rest args)
  "Add a line made of FORMAT-STRING and ARGS to the report."
  ;; Not shown in the echo area: a taller echo area would shrink the screen's window.
  (push (apply #'format format-string args) scenery-perf--report))

(defun scenery-perf--xdotool (&rest args)
  "Run xdotool with ARGS and wait for it."
  (apply #'call-process "xdotool" nil nil nil args))

(defun scenery-perf--at (x y)
  "The xdotool arguments of the screen point X, Y."
  (let ((position (scenery-point-screen-position x y)))
    (list (number-to-string (car position)) (number-to-string (cdr position)))))

(defun scenery-perf--since (time)
  "The redraws that ended after TIME, oldest first."
  (reverse (seq-filter (lambda (redraw) (> (car redraw) time)) scenery-perf--redraws)))

(defun scenery-perf--median (numbers)
  "The median of NUMBERS (0 without)."
  (let ((sorted (sort (delq nil (copy-sequence numbers)) #'<)))
    (or (nth (/ (length sorted) 2) sorted) 0)))

(defun scenery-perf--latency (redraw)
  "The ms from the arrival of REDRAW's rev to its end (on screen), or nil."
  (and (nth 5 redraw) (* 1000 (- (car redraw) (nth 5 redraw)))))

(defun scenery-perf--steps (steps)
  "Run STEPS, a list of (DELAY . FUNCTION), each DELAY seconds after the last.
Each runs from a timer, so the command loop reads the real input between them."
  (when steps
    (run-at-time (car (car steps)) nil
                 (lambda ()
                   (condition-case err
                       (funcall (cdr (car steps)))
                     (error (scenery-perf--say "error: %S" err)))
                   (scenery-perf--steps (cdr steps))))))

(defun scenery-perf--act (title what start)
  "Steps that do WHAT (xdotool arguments) on the scene TITLE and time its change.
START is called first (to put the mouse where it acts)."
  (let (acted rev)
    (list
     (cons 0.5 (lambda ()
                 (funcall start)
                 (setq rev (scenery-session-rev))
                 (apply #'scenery-perf--xdotool what)
                 (setq acted (float-time))))
     (cons 1.0 (lambda ()
                 (let ((shown (seq-find (lambda (redraw) (> (nth 1 redraw) rev)) (scenery-perf--since acted))))
                   (if shown
                       (scenery-perf--say "%-28s %-6s on screen %3.0f ms after the input, %3.0f ms after its patch (that redraw: SVG %2.0f ms, in all %2.0f ms, GC %2.0f ms)"
                                          title (car what) (* 1000 (- (car shown) acted)) (or (scenery-perf--latency shown) -1)
                                          (nth 3 shown) (nth 2 shown) (nth 4 shown))
                     (scenery-perf--say "%-28s %-6s no change drawn" title (car what)))))))))

(defun scenery-perf--click (title x y)
  "Steps that click at X, Y on the scene TITLE and time its change."
  (scenery-perf--act title '("click" "1")
                     (lambda () (apply #'scenery-perf--xdotool "mousemove" (scenery-perf--at x y)))))

(defun scenery-perf--key (title key)
  "Steps that press KEY on the scene TITLE and time its change."
  (scenery-perf--act title (list "key" key) #'ignore))

(defun scenery-perf--drag (title from to)
  "Steps that drag from FROM to TO, (X . Y) in points, over a second on TITLE."
  (let (dragged)
    (list
     (cons 0.5 (lambda ()
                 (apply #'scenery-perf--xdotool "mousemove" (scenery-perf--at (car from) (cdr from)))
                 (setq dragged (float-time))
                 (let ((moves (mapconcat
                               (lambda (i)
                                 (format "sleep 0.033; xdotool mousemove %s"
                                         (string-join (scenery-perf--at (+ (car from) (/ (* i (- (car to) (car from))) 30.0))
                                                                        (+ (cdr from) (/ (* i (- (cdr to) (cdr from))) 30.0)))
                                                      " ")))
                               (number-sequence 1 30) "; ")))
                   (start-process-shell-command "scenery-perf-drag" nil
                                                (concat "xdotool mousedown 1; " moves "; sleep 0.05; xdotool mouseup 1")))))
     (cons 2.0 (lambda ()
                 (let* ((redraws (scenery-perf--since dragged))
                        (span (and (cdr redraws) (- (car (car (last redraws))) (car (car redraws))))))
                   (if (not span)
                       (scenery-perf--say "%-28s drag   %d redraws" title (length redraws))
                     (scenery-perf--say "%-28s drag   %2d redraws in %.2f s, %4.1f a second (a redraw: SVG %2.0f ms, in all %2.0f ms, patch to screen %2.0f ms, medians; GC %3.0f ms in all)"
                                        title (length redraws) span (/ (1- (length redraws)) span)
                                        (scenery-perf--median (mapcar (lambda (r) (nth 3 r)) redraws))
                                        (scenery-perf--median (mapcar (lambda (r) (nth 2 r)) redraws))
                                        (scenery-perf--median (mapcar #'scenery-perf--latency redraws))
                                        (apply #'+ (mapcar (lambda (r) (nth 4 r)) redraws))))))))))

(defun scenery-perf--watch (title seconds)
  "Steps that count the redraws of TITLE's own animation over SECONDS."
  (let (from)
    (list
     (cons 0.5 (lambda () (setq from (float-time))))
     (cons seconds
           (lambda ()
             (let ((redraws (scenery-perf--since from)))
               (scenery-perf--say "%-28s moving %2d redraws in %.1f s, %4.1f a second (a redraw: SVG %2.0f ms, in all %2.0f ms, medians; GC %3.0f ms in all)"
                                  title (length redraws) seconds (/ (length redraws) (float seconds))
                                  (scenery-perf--median (mapcar (lambda (r) (nth 3 r)) redraws))
                                  (scenery-perf--median (mapcar (lambda (r) (nth 2 r)) redraws))
                                  (apply #'+ (mapcar (lambda (r) (nth 4 r)) redraws)))))))))

(defun scenery-perf--open (title)
  "Steps that open the scene of preset TITLE and let it settle."
  (list (cons 0.1 (lambda () (scenery-pick-scene title)))
        (cons 2.0 #'ignore)))

(let ((engine (or (getenv "SCENERY_BIN")
                  (expand-file-name "../../../.build/release/scenery"
                                    (file-name-directory (or load-file-name buffer-file-name))))))
  (setq inhibit-startup-screen t)
  (menu-bar-mode -1)
  (tool-bar-mode -1)
  (set-frame-size (selected-frame) 700 900 t)
  (let ((scenery-program engine))
    (scenery))
  (delete-other-windows)
  (advice-add 'scenery--take :before
              (lambda (_session _state rev) (puthash rev (float-time) scenery-perf--arrivals)))
  (advice-add 'scenery--change :before
              (lambda (_session rev _patch) (unless (gethash rev scenery-perf--arrivals)
                                              (puthash rev (float-time) scenery-perf--arrivals))))
  (add-hook 'scenery-redraw-hook
            (lambda () (push (list (float-time) (scenery-session-rev) scenery-last-redraw-ms scenery-last-svg-ms
                                   (* 1000 (- gc-elapsed scenery-perf--gc-elapsed))
                                   (gethash (scenery-session-rev) scenery-perf--arrivals))
                             scenery-perf--redraws)
              (setq scenery-perf--gc-elapsed gc-elapsed)))
  (scenery-perf--steps
   (append
    (list (cons 2 (lambda () (scenery-perf--say "the screen: %.2f window pixels a point" scenery--factor))))
    (scenery-perf--open "Directory: built-in sample")
    (scenery-perf--click "Directory: built-in sample" 312 750)
    (scenery-perf--drag "Directory: built-in sample" '(200 . 650) '(200 . 350))
    (scenery-perf--open "Testcard: built-in sample")
    (scenery-perf--key "Testcard: built-in sample" "Right")
    (scenery-perf--drag "Testcard: built-in sample" '(200 . 650) '(200 . 350))
    (scenery-perf--open "Hoo: built-in sample")
    (scenery-perf--click "Hoo: built-in sample" 60 200)
    (scenery-perf--drag "Hoo: built-in sample" '(160 . 400) '(160 . 100))
    (scenery-perf--open "Shelf: built-in sample")
    (scenery-perf--drag "Shelf: built-in sample" '(200 . 650) '(200 . 350))
    (scenery-perf--open "Shelf: built-in sample")
    (scenery-perf--click "Shelf: built-in sample" 67 200)
    (scenery-perf--open "Photos: built-in sample")
    (scenery-perf--drag "Photos: built-in sample" '(180 . 650) '(180 . 350))
    (scenery-perf--click "Photos: built-in sample" 62 150)
    (scenery-perf--open "Exhibition: built-in sample")
    (scenery-perf--watch "Exhibition: built-in sample" 3.0)
    (list (cons 0.1 (lambda ()
                      (let ((out (getenv "SCENERY_PERF_OUT")))
                        (when out
                          (with-temp-file out (insert (string-join (reverse scenery-perf--report) "\n") "\n")))
                        (unless out
                          (princ (concat (string-join (reverse scenery-perf--report) "\n") "\n")
                                 #'external-debugging-output)))
                      (kill-emacs 0)))))))

;;; scenery-perf.el ends here
