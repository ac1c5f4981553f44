;;; draw_states.el --- Draw the conformance kit's states with scenery-svg-render -*- lexical-binding: t -*-

;;; Commentary:

;; emacs --batch -L Clients/emacs -l Tests/Emacs/draw_states.el STATES SVGS
;;
;; Writes SVGS/NAME.svg for each STATES/NAME.state.json that
;; Protocol/conformance/collect.py wrote: its document drawn by
;; `scenery-svg-render' with its assets, at its nowMs and its scale.
;; Prints one line per state: NAME WIDTH HEIGHT (device pixels), which
;; draw_states.sh hands to rsvg-convert.

;;; Code:

(require 'scenery-svg)

(let* ((states (nth 0 command-line-args-left))
       (svgs (nth 1 command-line-args-left))
       (started (float-time)))
  (setq command-line-args-left nil)
  (make-directory svgs t)
  (dolist (file (directory-files states t "\\.state\\.json\\'"))
    (let* ((state (with-temp-buffer
                    (set-buffer-multibyte t)
                    (let ((coding-system-for-read 'utf-8)) (insert-file-contents file))
                    (scenery-json-parse (buffer-string))))
           (name (gethash "name" state))
           (scale (gethash "scale" state))
           (document (gethash "document" state))
           (viewport (gethash "viewport" document))
           (svg (scenery-svg-render document (gethash "assets" state) (gethash "nowMs" state) scale)))
      (let ((coding-system-for-write 'utf-8))
        (with-temp-file (expand-file-name (concat name ".svg") svgs)
          (insert svg)))
      (princ (format "%s %d %d\n" name
                     (round (* (gethash "width" viewport) scale))
                     (round (* (gethash "height" viewport) scale))))))
  (message "drew the states in %.2f s" (- (float-time) started)))

;;; draw_states.el ends here
