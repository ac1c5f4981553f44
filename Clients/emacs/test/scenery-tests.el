;;; scenery-tests.el --- Every ERT test of the Emacs front end -*- lexical-binding: t -*-

;;; Commentary:

;; emacs --batch -L Clients/emacs -l Clients/emacs/test/scenery-tests.el \
;;       -f ert-run-tests-batch-and-exit
;;
;; Loads each test file of this folder: the patch applier
;; (json-patch-tests from ../shared), the SVG writer, text breaking,
;; the gesture state machine and what a screen reader is told.

;;; Code:

(let ((here (file-name-directory (or load-file-name buffer-file-name))))
  ;; Appended, so that the folders given with -L come first.
  (add-to-list 'load-path here t)
  (add-to-list 'load-path (expand-file-name ".." here) t))

(require 'scenery-patch-tests)
(require 'scenery-svg-tests nil t)
(require 'scenery-bands-tests nil t)
(require 'scenery-sheet-tests nil t)
(require 'scenery-mode-tests nil t)
(require 'scenery-reader-tests)

(provide 'scenery-tests)

;;; scenery-tests.el ends here
