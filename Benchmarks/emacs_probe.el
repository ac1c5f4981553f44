;;; emacs_probe.el --- What Benchmarks/emacs.py reads from the Emacs it drives -*- lexical-binding: t -*-

;;; Commentary:

;; Loaded (with `emacsclient --eval (load ...)') into the emacs-gtk
;; frame Benchmarks/emacs.py drives through Tests/Emacs/xemacs.py:
;; when each rev's patch (or snapshot) was read from the engine, and
;; when each redraw of the screen ended (scenery.el's redraw ends with
;; `redisplay', so the picture is on the X screen then; its
;; `scenery-redraw-hook' runs right after).  The times are `float-time'.

;;; Code:

(require 'scenery)
(require 'json)

(defvar scenery-probe--arrived (make-hash-table)
  "The time each rev's patch or snapshot was read, by rev.")

(defvar scenery-probe--redraws nil
  "(TIME REV COST-MS) of each redraw, newest first.")

(advice-add 'scenery--take :before
            (lambda (_session _state rev) (puthash rev (float-time) scenery-probe--arrived)))
(advice-add 'scenery--change :before
            (lambda (_session rev _patch)
              (unless (gethash rev scenery-probe--arrived) (puthash rev (float-time) scenery-probe--arrived))))
(add-hook 'scenery-redraw-hook
          (lambda () (push (list (float-time) (scenery-session-rev) scenery-last-redraw-ms) scenery-probe--redraws)))

(defun scenery-probe-now ()
  "The time now, as `float-time' gives it."
  (float-time))

(defun scenery-probe-since (time)
  "The redraws that ended after TIME, oldest first, as JSON.
Each is {at, rev, costMs, arrived}: ARRIVED the time its rev was read."
  (json-encode
   (vconcat
    (mapcar (lambda (redraw)
              (list (cons 'at (nth 0 redraw)) (cons 'rev (nth 1 redraw)) (cons 'costMs (nth 2 redraw))
                    (cons 'arrived (gethash (nth 1 redraw) scenery-probe--arrived))))
            (reverse (seq-filter (lambda (redraw) (> (car redraw) time)) scenery-probe--redraws))))))

(defun scenery-probe-center (id)
  "The centre of node ID on the phone's screen, in points, as JSON [x, y]."
  (let* ((state (scenery-session-state))
         (node (scenery-json-get state "display" "nodes" id))
         (frame (scenery-json-get node "frame"))
         (content (scenery-json-get state "display" "content")))
    (when frame
      (let ((x (+ (aref frame 0) (/ (aref frame 2) 2.0)))
            (y (+ (aref frame 1) (/ (aref frame 3) 2.0))))
        (when (equal (scenery-json-get node "layer") "content")
          (setq x (+ x (aref (gethash "frame" content) 0))
                y (+ (- y (gethash "offsetY" content)) (aref (gethash "frame" content) 1))))
        (json-encode (vector x y))))))

(provide 'emacs_probe)

;;; emacs_probe.el ends here
