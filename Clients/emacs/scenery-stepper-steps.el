;;; scenery-stepper-steps.el --- A Scenery golden or transcript read as steps -*- lexical-binding: t -*-

;; Copyright (C) 2025 The Scenery authors

;; Author: The Scenery authors
;; Keywords: tools, multimedia

;; This file is not part of GNU Emacs.

;;; Commentary:

;; The first half of the transcript stepper (scenery-stepper.el): a
;; file read into steps, one `scenery-stepper-step' a request, with
;; nothing run yet.  Two formats (Protocol/PROTOCOL.md section 7):
;;
;;   a readable golden (`.golden')  `> METHOD PARAMS' or `> {JSON}'
;;       requests, their expected lines indented by two spaces under
;;       them
;;   a protocol transcript          `> {JSON}' requests, `< {JSON}'
;;       lines the engine wrote
;;
;; and in both `>% EXPRESSION' requests given by their bytes
;; (`scenery-stepper-evaluate-bytes').  The replay
;; (scenery-stepper-replay.el) fills in the rest of each step.

;;; Code:

(require 'cl-lib)
(require 'subr-x)
(require 'scenery-patch)

;;;; Steps

(cl-defstruct (scenery-stepper-step (:constructor scenery-stepper--make-step))
  "One request of a golden and what the replay kept after it."
  line        ; 1-based line of the request in the file
  marker      ; a marker at the start of that line
  source      ; the request line as written
  request     ; the bytes the engine reads (a unibyte string, no newline)
  method      ; the method, or "?"
  expected    ; the lines written under it (without their prefix), in order
  output      ; the lines the engine wrote for the request, in order
  answer      ; the response to the request (a JSON object), or nil
  state       ; the state document after it (nil before `initialize')
  rev         ; the rev after it
  now-ms      ; the scene clock after it
  assets)     ; the asset table of its screen: id -> `asset.read' result

(defun scenery-stepper--repeat (bytes count)
  "Return the unibyte string BYTES repeated COUNT times (COUNT >= 1)."
  (let ((result "") (piece bytes))
    (while (> count 0)
      (when (= (logand count 1) 1) (setq result (concat result piece)))
      (setq count (ash count -1))
      (when (> count 0) (setq piece (concat piece piece))))
    result))

(defun scenery-stepper-evaluate-bytes (expression)
  "The bytes of a byte EXPRESSION (a `>% ' line), as a unibyte string.
Terms: a JSON string literal (its UTF-8), 0xHH (one byte), each
optionally followed by *N (repeated N times)."
  (let ((pos 0) (len (length expression)) (parts nil) (last nil))
    (while (progn (while (and (< pos len) (eq (aref expression pos) ?\s)) (setq pos (1+ pos)))
                  (< pos len))
      (let ((c (aref expression pos)))
        (cond
         ((eq c ?\")
          (let ((end (1+ pos)) (escaped nil))
            (while (and (< end len) (or escaped (not (eq (aref expression end) ?\"))))
              (setq escaped (and (not escaped) (eq (aref expression end) ?\\)) end (1+ end)))
            (when (>= end len) (error "Byte expression: unterminated string"))
            (setq last (encode-coding-string
                        (json-parse-string (substring expression pos (1+ end))) 'utf-8 t))
            (push last parts)
            (setq pos (1+ end))))
         ((string-prefix-p "0x" (substring expression pos (min len (+ pos 2))))
          (let ((hex (substring expression (+ pos 2) (min len (+ pos 4)))))
            (unless (string-match-p "\\`[0-9a-fA-F]\\{2\\}\\'" hex)
              (error "Byte expression: bad byte %s" hex))
            (setq last (unibyte-string (string-to-number hex 16)))
            (push last parts)
            (setq pos (+ pos 4))))
         ((eq c ?*)
          (let ((end (1+ pos)))
            (while (and (< end len) (<= ?0 (aref expression end) ?9)) (setq end (1+ end)))
            (let ((count (string-to-number (substring expression (1+ pos) end))))
              (unless (and last (>= count 1)) (error "Byte expression: bad repeat"))
              (when (> count 1) (push (scenery-stepper--repeat last (1- count)) parts))
              (setq last nil pos end))))
         (t (error "Byte expression: unexpected %s" (substring expression pos (min len (+ pos 10))))))))
    (apply #'concat (mapcar (lambda (part) (if (multibyte-string-p part) (string-to-unibyte part) part))
                            (nreverse parts)))))

(defun scenery-stepper--golden-request (line id)
  "The bytes and method of the request LINE of a readable golden, step ID."
  (let ((body (substring line 2)))
    (cond
     ((string-prefix-p ">% " line) (cons (scenery-stepper-evaluate-bytes (substring line 3)) "?"))
     ((string-prefix-p "{" body)
      (cons (encode-coding-string body 'utf-8 t)
            (or (ignore-errors (let ((method (gethash "method" (scenery-json-parse body))))
                                 (and (stringp method) method)))
                "?")))
     (t
      (let* ((method (car (split-string body " " t)))
             (params (string-trim-left (substring body (length method)))))
        (cons (encode-coding-string
               (concat "{\"jsonrpc\":\"2.0\",\"id\":" (number-to-string id)
                       ",\"method\":" (json-serialize method)
                       (if (string-empty-p params) "" (concat ",\"params\":" params))
                       "}")
               'utf-8 t)
              method))))))

(defun scenery-stepper-golden-p (file)
  "Whether FILE is a readable golden (by its name), else a protocol transcript."
  (and file (string-suffix-p ".golden" file)))

(defun scenery-stepper-parse (&optional golden)
  "Parse the current buffer: a vector of `scenery-stepper-step', a request each.
GOLDEN non-nil reads it as a readable golden, else as a protocol
transcript."
  (save-excursion
    (save-restriction
      (widen)
      (goto-char (point-min))
      (let ((steps nil) (number 1) (count 0))
        (while (not (eobp))
          (let ((line (buffer-substring-no-properties (line-beginning-position) (line-end-position))))
            (cond
             ((or (string-prefix-p "> " line) (string-prefix-p ">% " line))
              (setq count (1+ count))
              (let ((request (if golden
                                 (scenery-stepper--golden-request line count)
                               (cons (if (string-prefix-p ">% " line)
                                         (scenery-stepper-evaluate-bytes (substring line 3))
                                       (encode-coding-string (substring line 2) 'utf-8 t))
                                     (or (and (string-match "\"method\":\"\\([^\"]*\\)\"" line)
                                              (match-string 1 line))
                                         "?")))))
                (push (scenery-stepper--make-step
                       :line number :marker (copy-marker (line-beginning-position))
                       :source line :request (car request) :method (cdr request))
                      steps)))
             ((and steps (if golden (string-prefix-p "  " line) (string-prefix-p "< " line)))
              (push (substring line 2) (scenery-stepper-step-expected (car steps))))))
          (setq number (1+ number))
          (forward-line 1))
        (dolist (step steps)
          (setf (scenery-stepper-step-expected step) (nreverse (scenery-stepper-step-expected step))))
        (vconcat (nreverse steps))))))

(provide 'scenery-stepper-steps)

;;; scenery-stepper-steps.el ends here
