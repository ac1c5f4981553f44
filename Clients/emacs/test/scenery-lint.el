;;; scenery-lint.el --- Byte-compile and checkdoc the package, warnings as failures -*- lexical-binding: t -*-

;;; Commentary:

;; emacs --batch -L Clients/emacs -l Clients/emacs/test/scenery-lint.el
;;
;; Byte-compiles each file of the package into a temporary folder (the
;; checkout gets no .elc) and runs checkdoc on it; prints every warning
;; and exits 1 when there is one, else 0.

;;; Code:

(require 'bytecomp)
(require 'checkdoc)

(let* ((here (file-name-directory (or load-file-name buffer-file-name)))
       (package (expand-file-name ".." here))
       (files (directory-files package t "\\`scenery.*\\.el\\'"))
       (scratch (make-temp-file "scenery-lint-" t))
       (problems 0))
  (add-to-list 'load-path package)
  (unwind-protect
      (dolist (file files)
        (let ((byte-compile-dest-file-function
               (lambda (source) (expand-file-name (concat (file-name-nondirectory source) "c") scratch)))
              (log (get-buffer-create byte-compile-log-buffer)))
          (with-current-buffer log (let ((inhibit-read-only t)) (erase-buffer)))
          (unless (byte-compile-file file)
            (setq problems (1+ problems)))
          (with-current-buffer log
            (goto-char (point-min))
            (while (re-search-forward "^.*\\(Warning\\|Error\\): .*$" nil t)
              (setq problems (1+ problems))
              (message "byte-compile: %s" (match-string 0)))))
        (with-current-buffer (find-file-noselect file)
          (let ((checkdoc-diagnostic-buffer "*scenery-checkdoc*"))
            (when (get-buffer checkdoc-diagnostic-buffer)
              (kill-buffer checkdoc-diagnostic-buffer))
            (checkdoc-current-buffer t)
            (with-current-buffer (get-buffer-create checkdoc-diagnostic-buffer)
              (goto-char (point-min))
              (while (re-search-forward "^[^ *\n][^:\n]*:[0-9]+: .*$" nil t)
                (setq problems (1+ problems))
                (message "checkdoc: %s" (match-string 0)))))))
    (delete-directory scratch t))
  (message "%d files byte-compiled and checkdoc'd: %d problems" (length files) problems)
  (kill-emacs (if (zerop problems) 0 1)))

;;; scenery-lint.el ends here
