;;; scenery-patch.el --- RFC 6902 JSON Patch for Scenery's state mirror -*- lexical-binding: t -*-

;; Copyright (C) 2025 The Scenery authors

;; Author: The Scenery authors
;; Keywords: data, tools
;; Package-Requires: ((emacs "28.1"))

;; This file is not part of GNU Emacs.

;;; Commentary:

;; The Scenery engine sends its state as RFC 6902 JSON Patches, and a
;; front end keeps a mirror of the state document by applying every one
;; of them in rev order (Protocol/PROTOCOL.md, section 2).  This file is
;; that applier, with RFC 6901 JSON Pointers, and nothing else.
;;
;; The JSON representation, used by every file of the package:
;;
;;   object  a hash table with test `equal', keys strings
;;   array   a vector
;;   null    the keyword :null
;;   false   the keyword :false
;;   true    t
;;   string  a string; number: an integer or a float
;;
;; which is what `json-parse-string' gives with `scenery-json-parse'
;; (`:object-type' `hash-table', `:array-type' `array', `:null-object'
;; `:null', `:false-object' `:false'), and what `json-serialize' writes.
;;
;; `scenery-patch-apply' never changes the document it is given: it
;; returns a new document that shares what the patch did not touch, or
;; signals `scenery-patch-error' (and then nothing changed).  The
;; containers along each changed path are copied once per patch (a patch
;; of many operations on one object copies that object once).

;;; Code:

(require 'seq)
(require 'subr-x)

(define-error 'scenery-patch-error "JSON Patch failed")

(defun scenery-json-parse (string)
  "Parse STRING as JSON in the package's representation.
Objects are hash tables (test `equal'), arrays vectors, null `:null'
and false `:false'."
  (json-parse-string string :object-type 'hash-table :array-type 'array
                     :null-object :null :false-object :false))

(defun scenery-json-encode (value)
  "The JSON text of VALUE, in the package's representation, on one line."
  (json-serialize value :null-object :null :false-object :false))

(defun scenery-json-equal (a b)
  "Whether the JSON values A and B are equal.
Objects are equal when they have the same members whatever their
order; numbers when they are numerically equal."
  (cond ((and (numberp a) (numberp b)) (= a b))
        ((and (stringp a) (stringp b)) (string= a b))
        ((and (vectorp a) (vectorp b))
         (and (= (length a) (length b))
              (let ((i 0) (same t))
                (while (and same (< i (length a)))
                  (setq same (scenery-json-equal (aref a i) (aref b i))
                        i (1+ i)))
                same)))
        ((and (hash-table-p a) (hash-table-p b))
         (and (= (hash-table-count a) (hash-table-count b))
              (catch 'differ
                (maphash (lambda (key value)
                           (let ((other (gethash key b 'scenery--absent)))
                             (unless (and (not (eq other 'scenery--absent))
                                          (scenery-json-equal value other))
                               (throw 'differ nil))))
                         a)
                t)))
        (t (eq a b))))

(defun scenery-json-copy (value)
  "A deep copy of the JSON VALUE."
  (cond ((hash-table-p value)
         (let ((copy (make-hash-table :test 'equal :size (max 1 (hash-table-count value)))))
           (maphash (lambda (key item) (puthash key (scenery-json-copy item) copy)) value)
           copy))
        ((vectorp value) (vconcat (mapcar #'scenery-json-copy value)))
        (t value)))

(defun scenery-json-get (value &rest keys)
  "The member of VALUE at KEYS (strings for objects, integers for arrays).
nil when a member is missing or VALUE is not a container there."
  (while (and keys value)
    (let ((key (pop keys)))
      (setq value (cond ((and (hash-table-p value) (stringp key)) (gethash key value))
                        ((and (vectorp value) (integerp key) (< -1 key (length value)))
                         (aref value key))
                        (t nil)))))
  value)

(defun scenery--patch-fail (format-string &rest args)
  "Signal `scenery-patch-error' with a message made of FORMAT-STRING and ARGS."
  (signal 'scenery-patch-error (list (apply #'format format-string args))))

(defun scenery-patch-parse-pointer (pointer)
  "The reference tokens of the JSON Pointer POINTER (RFC 6901), a list.
\"\" is the whole document; \"~1\" stands for \"/\" and \"~0\" for \"~\"."
  (unless (stringp pointer)
    (scenery--patch-fail "pointer: expected a string, got %S" pointer))
  (cond ((string= pointer "") nil)
        ((not (eq (aref pointer 0) ?/))
         (scenery--patch-fail "pointer %S: must start with \"/\"" pointer))
        (t (mapcar (lambda (token)
                     (when (string-match-p "~\\([^01]\\|\\'\\)" token)
                       (scenery--patch-fail "pointer %S: bad escape" pointer))
                     (string-replace "~0" "~" (string-replace "~1" "/" token)))
                   (split-string (substring pointer 1) "/")))))

(defun scenery--patch-index (token array for-add)
  "The index TOKEN names in ARRAY; FOR-ADD admits \"-\" and the length."
  (let ((length (length array)))
    (cond ((and for-add (string= token "-")) length)
          ((not (string-match-p "\\`\\(0\\|[1-9][0-9]*\\)\\'" token))
           (scenery--patch-fail "array index %S: expected a number" token))
          (t (let ((index (string-to-number token)))
               (when (or (> index length) (and (not for-add) (= index length)))
                 (scenery--patch-fail "array index %d: out of bounds (length %d)" index length))
               index)))))

(defun scenery--patch-get (doc tokens)
  "The value at TOKENS in DOC, or a `scenery-patch-error'."
  (let ((node doc) (seen nil))
    (dolist (token tokens)
      (push token seen)
      (setq node
            (cond ((vectorp node) (aref node (scenery--patch-index token node nil)))
                  ((hash-table-p node)
                   (let ((value (gethash token node 'scenery--absent)))
                     (when (eq value 'scenery--absent)
                       (scenery--patch-fail "path /%s: no such member"
                                            (string-join (reverse seen) "/")))
                     value))
                  (t (scenery--patch-fail "path /%s: not a container"
                                          (string-join (reverse seen) "/"))))))
    node))

(defvar scenery--patch-fresh nil
  "The containers made while applying the current patch (an `eq' hash table).
They are the patch's own copies, so the later operations of the same
patch change them in place; any other container is copied first.")

(defun scenery--patch-own (container)
  "CONTAINER, or a shallow copy of it that this patch may change in place."
  (if (gethash container scenery--patch-fresh)
      container
    (let ((copy (if (hash-table-p container) (copy-hash-table container) (copy-sequence container))))
      (puthash copy t scenery--patch-fresh)
      copy)))

(defun scenery--patch-update (doc tokens edit)
  "DOC with EDIT applied to the container at TOKENS.
EDIT takes that container and returns its replacement; the containers
along the way are the patch's own copies."
  (if (null tokens)
      (funcall edit doc)
    (let ((head (car tokens)))
      (cond ((vectorp doc)
             (let* ((index (scenery--patch-index head doc nil))
                    (child (scenery--patch-update (aref doc index) (cdr tokens) edit))
                    (own (scenery--patch-own doc)))
               (aset own index child)
               own))
            ((hash-table-p doc)
             (let ((value (gethash head doc 'scenery--absent)))
               (when (eq value 'scenery--absent)
                 (scenery--patch-fail "path: no member %S" head))
               (let ((child (scenery--patch-update value (cdr tokens) edit))
                     (own (scenery--patch-own doc)))
                 (puthash head child own)
                 own)))
            (t (scenery--patch-fail "path: %S is not in a container" head))))))

(defun scenery--patch-fresh-vector (vector)
  "VECTOR, marked as this patch's own."
  (puthash vector t scenery--patch-fresh)
  vector)

(defun scenery--patch-splice (vector index count inserted)
  "A fresh copy of VECTOR with COUNT elements at INDEX replaced by INSERTED."
  (scenery--patch-fresh-vector
   (vconcat (substring vector 0 index) inserted (substring vector (+ index count)))))

(defun scenery--patch-edit-parent (doc tokens edit)
  "DOC with the container of TOKENS' last member replaced.
EDIT gets the container and that member's token, and returns the new
container."
  (let ((last (car (last tokens))))
    (scenery--patch-update doc (butlast tokens)
                           (lambda (container) (funcall edit container last)))))

(defun scenery--patch-add (doc tokens value)
  "DOC with VALUE added at TOKENS."
  (if (null tokens)
      value
    (scenery--patch-edit-parent
     doc tokens
     (lambda (container last)
       (cond ((vectorp container)
              (scenery--patch-splice container (scenery--patch-index last container t) 0 (vector value)))
             ((hash-table-p container)
              (let ((own (scenery--patch-own container)))
                (puthash last value own)
                own))
             (t (scenery--patch-fail "add: the parent of %S is not a container" last)))))))

(defun scenery--patch-remove (doc tokens)
  "DOC without the value at TOKENS."
  (unless tokens
    (scenery--patch-fail "remove: cannot remove the whole document"))
  (scenery--patch-edit-parent
   doc tokens
   (lambda (container last)
     (cond ((vectorp container)
            (scenery--patch-splice container (scenery--patch-index last container nil) 1 []))
           ((and (hash-table-p container)
                 (not (eq (gethash last container 'scenery--absent) 'scenery--absent)))
            (let ((own (scenery--patch-own container)))
              (remhash last own)
              own))
           (t (scenery--patch-fail "remove: no member %S" last))))))

(defun scenery--patch-replace (doc tokens value)
  "DOC with the value at TOKENS, which must exist, replaced by VALUE."
  (scenery--patch-get doc tokens)
  (if (null tokens)
      value
    (scenery--patch-edit-parent
     doc tokens
     (lambda (container last)
       (let ((own (scenery--patch-own container)))
         (if (vectorp own)
             (aset own (scenery--patch-index last own nil) value)
           (puthash last value own))
         own)))))

(defun scenery--patch-member (operation name)
  "Member NAME of the patch OPERATION, or `scenery--absent'."
  (if (hash-table-p operation)
      (gethash name operation 'scenery--absent)
    (let ((cell (assoc name operation)))
      (if cell (cdr cell) 'scenery--absent))))

(defun scenery--patch-operation (doc operation)
  "DOC with the one patch OPERATION applied."
  (unless (or (hash-table-p operation) (and (consp operation) (consp (car operation))))
    (scenery--patch-fail "operation: expected an object, got %S" operation))
  (let* ((op (scenery--patch-member operation "op"))
         (path (scenery--patch-member operation "path"))
         (value (scenery--patch-member operation "value"))
         (from (scenery--patch-member operation "from")))
    (unless (stringp op)
      (scenery--patch-fail "operation: \"op\" must be a string"))
    (when (eq path 'scenery--absent)
      (scenery--patch-fail "%s: \"path\" is missing" op))
    (let ((tokens (scenery-patch-parse-pointer path)))
      (when (and (member op '("add" "replace" "test")) (eq value 'scenery--absent))
        (scenery--patch-fail "%s %s: \"value\" is missing" op path))
      (when (and (member op '("move" "copy")) (eq from 'scenery--absent))
        (scenery--patch-fail "%s %s: \"from\" is missing" op path))
      (pcase op
        ("add" (scenery--patch-add doc tokens value))
        ("remove" (scenery--patch-remove doc tokens))
        ("replace" (scenery--patch-replace doc tokens value))
        ("move"
         (let ((source (scenery-patch-parse-pointer from)))
           (when (and (< (length source) (length tokens))
                      (equal source (seq-take tokens (length source))))
             (scenery--patch-fail "move %s: into its own child %s" from path))
           (let ((moved (scenery--patch-get doc source)))
             (scenery--patch-add (scenery--patch-remove doc source) tokens moved))))
        ("copy"
         (let ((copied (scenery-json-copy
                        (scenery--patch-get doc (scenery-patch-parse-pointer from)))))
           (scenery--patch-add doc tokens copied)))
        ("test"
         (unless (scenery-json-equal (scenery--patch-get doc tokens) value)
           (scenery--patch-fail "test %s: the value there is not the one given" path))
         doc)
        (_ (scenery--patch-fail "operation %S: unknown" op))))))

(defun scenery-patch-apply (doc patch)
  "The JSON document DOC with the RFC 6902 JSON Patch PATCH applied.
PATCH is a vector (or list) of operations, each an object of the
package's JSON representation (see `scenery-json-parse') or an alist.
DOC is never changed: the result shares what the patch did not touch.
A patch that cannot be applied signals `scenery-patch-error' with a
message saying why, and nothing is changed."
  (unless (or (vectorp patch) (listp patch))
    (scenery--patch-fail "patch: expected an array of operations, got %S" patch))
  (let ((scenery--patch-fresh (make-hash-table :test 'eq))
        (result doc))
    (seq-doseq (operation patch)
      (setq result (scenery--patch-operation result operation)))
    result))

(provide 'scenery-patch)

;;; scenery-patch.el ends here
