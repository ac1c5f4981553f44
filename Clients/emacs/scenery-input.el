;;; scenery-input.el --- Mouse and keys as the Scenery protocol's gestures -*- lexical-binding: t -*-

;; Copyright (C) 2025 The Scenery authors

;; Author: The Scenery authors
;; Keywords: multimedia, tools

;; This file is not part of GNU Emacs.

;;; Commentary:

;; What the user does with the mouse and keys over the screen, as the
;; protocol's gestures, mapped as the browser page and the Qt window map
;; them: the gesture state machine (a press becomes a `tap', a
;; `longPress' after `scenery-long-press-ms' without moving
;; `scenery-slop' points, or a drag: `pan' where the open scene takes
;; it, else `scroll'), the wheel as `scroll' and the arrow keys as
;; `page'.  Nothing is sent that the open scene does not take.
;;
;; The `scenery-gesture-' functions take screen points, for scripts and
;; tests; the commands (`scenery-mouse-down', `scenery-wheel-down', ...)
;; read Emacs's events and call them.

;;; Code:

(require 'cl-lib)
(require 'scenery-session)
(require 'scenery-screen)

;;;; Options

(defcustom scenery-long-press-ms 500
  "How long a press is held, in ms, before it is a long press."
  :group 'scenery
  :type 'integer)

(defcustom scenery-slop 10
  "How far, in points, a press may move and still be a tap or a long press."
  :group 'scenery
  :type 'number)

(defcustom scenery-wheel-points 100
  "How many points one notch of the wheel scrolls (a browser's deltaY)."
  :group 'scenery
  :type 'number)

(defcustom scenery-drag-poll 0.008
  "Seconds between two readings of the mouse while a button is held."
  :group 'scenery
  :type 'number)

;;;; Gestures

(defvar scenery--gesture-sender #'scenery--send-gesture
  "The function that sends a gesture: it takes METHOD and PARAMS.")

(cl-defstruct (scenery--press (:constructor scenery--press-make) (:copier nil))
  "A mouse button held down: where it started, what the user saw, what it became."
  session start last rev t0 at moved long mode timer)

(defvar scenery--press nil
  "The press under way, or nil.")

(defvar scenery--epoch (float-time)
  "The time the gestures' clock (their param t) counts from.")

(defun scenery--now-ms ()
  "Milliseconds on the gestures' clock."
  (round (* 1000 (- (float-time) scenery--epoch))))

(defun scenery--accepts (method)
  "Whether the open scene takes gesture METHOD."
  (member method (scenery-session-gestures)))

(defun scenery--send-gesture (method params)
  "Send gesture METHOD with PARAMS; an error answer is shown as a message."
  (scenery-request method params nil
                   (lambda (error-object)
                     (message "Scenery: %s: %s" method (gethash "message" error-object)))))

(defun scenery--gesture (session method params)
  "Send METHOD with PARAMS when SESSION is the live one and its scene takes METHOD."
  (when (and session (eq session scenery--current) (scenery--live-p session)
             (member method (scenery--session-gestures session)))
    (funcall scenery--gesture-sender method params)))

(defun scenery--press-time (press at)
  "The gestures' clock for a step of PRESS at AT ms (now when nil).
Never before its last step."
  (let ((time (max (or at (scenery--now-ms)) (scenery--press-at press))))
    (setf (scenery--press-at press) time)
    time))

(defun scenery-gesture-down (x y &optional at)
  "A press began at the screen point X, Y, at AT ms (now when nil)."
  (let ((session scenery--current))
    (when (scenery--live-p session)
      (when scenery--press (scenery-gesture-cancel))
      (let ((press (scenery--press-make :session session :start (cons x y) :last (cons x y)
                                        :rev (scenery--session-rev session)
                                        :t0 (or at (scenery--now-ms)) :at (or at (scenery--now-ms)))))
        (setf (scenery--press-timer press)
              (run-at-time (/ scenery-long-press-ms 1000.0) nil #'scenery--gesture-held press))
        (setq scenery--press press)))))

(defun scenery--gesture-held (press)
  "PRESS lasted the long-press time without moving: a `longPress'."
  (when (and (eq scenery--press press) (not (scenery--press-moved press)))
    (setf (scenery--press-long press) t)
    (let ((start (scenery--press-start press)))
      (scenery--gesture (scenery--press-session press) "longPress"
                        `((x . ,(car start)) (y . ,(cdr start)) (baseRev . ,(scenery--press-rev press)))))))

(defun scenery-gesture-move (x y &optional at)
  "The press moved to the screen point X, Y, at AT ms (now when nil)."
  (let ((press scenery--press))
    (when press
      (let ((start (scenery--press-start press))
            (session (scenery--press-session press)))
        (when (and (not (scenery--press-moved press))
                   (>= (sqrt (+ (expt (- x (car start)) 2) (expt (- y (cdr start)) 2))) scenery-slop))
          (setf (scenery--press-moved press) t)
          (cancel-timer (scenery--press-timer press))
          (setf (scenery--press-mode press)
                (if (member "pan" (scenery--session-gestures session)) "pan" "scroll"))
          (when (equal (scenery--press-mode press) "pan")
            (scenery--gesture session "pan" `((phase . "began") (x . ,(car start)) (y . ,(cdr start))
                                              (t . ,(scenery--press-t0 press))))))
        (when (scenery--press-moved press)
          (if (equal (scenery--press-mode press) "pan")
              (scenery--gesture session "pan" `((phase . "changed") (x . ,x) (y . ,y)
                                              (t . ,(scenery--press-time press at))))
            (let ((delta (- (cdr (scenery--press-last press)) y)))
              (unless (zerop delta)
                (scenery--gesture session "scroll" `((deltaY . ,delta))))))
          (setf (scenery--press-last press) (cons x y)))))))

(defun scenery-gesture-up (x y &optional at)
  "The press ended at the screen point X, Y, at AT ms (now when nil)."
  (let ((press scenery--press))
    (setq scenery--press nil)
    (when press
      (cancel-timer (scenery--press-timer press))
      (let ((session (scenery--press-session press))
            (start (scenery--press-start press)))
        (cond ((scenery--press-moved press)
               (when (equal (scenery--press-mode press) "pan")
                 (scenery--gesture session "pan" `((phase . "ended") (x . ,x) (y . ,y)
                                                   (t . ,(scenery--press-time press at))))))
              ((not (scenery--press-long press))
               (scenery--gesture session "tap" `((x . ,(car start)) (y . ,(cdr start))
                                                 (baseRev . ,(scenery--press-rev press))))))))))

(defun scenery-gesture-cancel ()
  "The press was taken away (another event came): a pan under way is cancelled."
  (let ((press scenery--press))
    (setq scenery--press nil)
    (when press
      (cancel-timer (scenery--press-timer press))
      (when (and (scenery--press-moved press) (equal (scenery--press-mode press) "pan"))
        (scenery--gesture (scenery--press-session press) "pan" '((phase . "cancelled")))))))

(defun scenery-gesture-wheel (delta-y)
  "The wheel turned by DELTA-Y points (positive: down the content)."
  (scenery--gesture scenery--current "scroll" `((deltaY . ,delta-y))))

(defun scenery-gesture-page (direction)
  "An arrow key: `page' in DIRECTION, \"next\" or \"previous\"."
  (scenery--gesture scenery--current "page" `((direction . ,direction))))

;;;; Commands

(defun scenery--mouse-point ()
  "The screen point under the mouse now, clamped to the screen; nil off its window."
  (let* ((mouse (mouse-pixel-position))
         (posn (and (cadr mouse) (cddr mouse)
                    (posn-at-x-y (cadr mouse) (cddr mouse) (car mouse)))))
    (and posn (scenery--posn-point posn t))))

(defun scenery--event-clock (event)
  "A function from a later mouse position to the gestures' clock.
It is anchored at EVENT.
The window system stamps each mouse event when it happens; Emacs may read
it later, while it draws, so a drag's times come from those stamps, not
from when the events are read.  A position with no stamp reads as now."
  (let ((stamp (posn-timestamp (event-start event)))
        (now (scenery--now-ms)))
    (lambda (posn)
      (let ((later (and posn (posn-timestamp posn))))
        (if (and (natnump stamp) (> stamp 0) (natnump later) (> later 0))
            (+ now (- later stamp))
          (scenery--now-ms))))))

(defun scenery-mouse-down (event)
  "Follow the press of EVENT till its release: a tap, long press or drag.
The mouse is read every `scenery-drag-poll' seconds while the button is
held (Emacs reports no movement within the one image), and from the
movement events that do come."
  (interactive "e")
  (let ((point (scenery--posn-point (event-start event)))
        (clock (scenery--event-clock event)))
    (when point
      (scenery-gesture-down (car point) (cdr point) (funcall clock (event-start event)))
      (let ((done nil)
            (last point)
            ;; No collection during the drag (its frames are drawn from in here).
            (gc-cons-threshold (max gc-cons-threshold scenery-gc-cons-threshold)))
        (track-mouse
          (while (and (not done) scenery--press)
            (let* ((next (read-event nil nil scenery-drag-poll))
                   (moved (and (mouse-movement-p next) (event-start next)))
                   (here (cond ((null next) (scenery--mouse-point))
                               (moved (scenery--posn-point moved t)))))
              (when (and here (not (equal here last)))
                (setq last here)
                (scenery-gesture-move (car here) (cdr here) (funcall clock moved)))
              (cond ((or (null next) (mouse-movement-p next)) nil)
                    ((and (consp next) (eq (event-basic-type next) 'mouse-1)
                          (not (memq 'down (event-modifiers next))))
                     (let ((end (or (scenery--posn-point (event-end next) t) last))
                           (when-ms (funcall clock (event-end next))))
                       (when (and scenery--press (not (equal end last)))
                         (scenery-gesture-move (car end) (cdr end) when-ms))
                       (scenery-gesture-up (car end) (cdr end) when-ms))
                     (setq done t))
                    ((memq (car-safe next) '(help-echo select-window switch-frame focus-in focus-out)) nil)
                    (t (scenery-gesture-cancel)
                       (push next unread-command-events)
                       (setq done t))))))))))

(defun scenery-wheel-down (event)
  "The wheel turned down over the screen (EVENT): scroll by a notch."
  (interactive "e")
  (when (scenery--posn-point (event-start event))
    (scenery-gesture-wheel scenery-wheel-points)))

(defun scenery-wheel-up (event)
  "The wheel turned up over the screen (EVENT): scroll back by a notch."
  (interactive "e")
  (when (scenery--posn-point (event-start event))
    (scenery-gesture-wheel (- scenery-wheel-points))))

(defun scenery-next-page ()
  "Send `page' next, where the scene takes it."
  (interactive)
  (scenery-gesture-page "next"))

(defun scenery-previous-page ()
  "Send `page' previous, where the scene takes it."
  (interactive)
  (scenery-gesture-page "previous"))

(provide 'scenery-input)

;;; scenery-input.el ends here
