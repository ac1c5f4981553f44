;;; scenery-patch-tests.el --- Tests of scenery-patch.el -*- lexical-binding: t -*-

;;; Commentary:

;; The applier against the RFC 6902 suite json-patch-tests, read from
;; ../shared/conformance/json-patch-tests beside the checkout (skipped,
;; naming the path, when it is not there), and its promises of its own:
;; the input document is never changed, a failing patch changes nothing.

;;; Code:

(require 'ert)
(require 'scenery-patch)

(defconst scenery-tests--repo
  (expand-file-name "../../.." (file-name-directory (or load-file-name buffer-file-name)))
  "The checkout's root.")

(defconst scenery-tests--patch-suite
  (or (getenv "SCENERY_JSON_PATCH_TESTS")
      (expand-file-name "../shared/conformance/json-patch-tests" scenery-tests--repo))
  "Where json-patch-tests lies: ../shared beside the checkout.
$SCENERY_JSON_PATCH_TESTS names another folder.")

(defun scenery-tests--read-json-file (file)
  "The JSON of FILE in the package's representation."
  (with-temp-buffer
    (insert-file-contents file)
    (scenery-json-parse (buffer-string))))

(defun scenery-tests--run-patch-suite (name)
  "Run the json-patch-tests file NAME; return (PASSED FAILURES)."
  (let ((file (expand-file-name name scenery-tests--patch-suite))
        (passed 0) (failures nil) (index -1))
    (unless (file-exists-p file)
      (let ((why (format "skipped: needs ../shared/conformance/json-patch-tests (the RFC 6902 suite): %s is missing" file)))
        (message "%s" why)
        (ert-skip why)))
    (seq-doseq (record (scenery-tests--read-json-file file))
      (setq index (1+ index))
      (unless (eq (gethash "disabled" record :false) t)
        (let* ((doc (gethash "doc" record))
               (before (scenery-json-encode doc))
               (label (format "%s#%d %s" name index (gethash "comment" record "")))
               (result (condition-case err
                           (list 'ok (scenery-patch-apply doc (gethash "patch" record)))
                         (scenery-patch-error (list 'error (cadr err))))))
          (cond ((gethash "error" record)
                 (if (eq (car result) 'error)
                     (setq passed (1+ passed))
                   (push (format "%s: expected an error (%s), got %s" label (gethash "error" record)
                                 (scenery-json-encode (cadr result)))
                         failures)))
                ((eq (car result) 'error)
                 (push (format "%s: failed: %s" label (cadr result)) failures))
                ((and (not (eq (gethash "expected" record 'absent) 'absent))
                      (not (scenery-json-equal (cadr result) (gethash "expected" record))))
                 (push (format "%s: got %s" label (scenery-json-encode (cadr result))) failures))
                (t (setq passed (1+ passed))))
          (unless (string= before (scenery-json-encode doc))
            (push (format "%s: the input document was changed" label) failures)))))
    (message "json-patch-tests %s: %d cases pass, %d fail" name passed (length failures))
    (list passed (nreverse failures))))

(ert-deftest scenery-patch-json-patch-tests ()
  "The applier passes every enabled case of json-patch-tests' tests.json."
  (pcase-let ((`(,passed ,failures) (scenery-tests--run-patch-suite "tests.json")))
    (should (null failures))
    (should (> passed 80))))

(ert-deftest scenery-patch-json-patch-spec-tests ()
  "The applier passes every enabled case of json-patch-tests' spec_tests.json."
  (pcase-let ((`(,passed ,failures) (scenery-tests--run-patch-suite "spec_tests.json")))
    (should (null failures))
    (should (> passed 12))))

(ert-deftest scenery-patch-leaves-doc-unchanged ()
  "A patch changes a copy: the input stays, what was not touched is shared."
  (let* ((doc (scenery-json-parse
               "{\"display\":{\"nodes\":{\"a\":{\"frame\":[0,0,10,10]},\"b\":{\"z\":1}}},\"rev\":1}"))
         (before (scenery-json-encode doc))
         (after (scenery-patch-apply
                 doc (scenery-json-parse
                      "[{\"op\":\"replace\",\"path\":\"/display/nodes/a/frame\",\"value\":[1,2,3,4]},
                        {\"op\":\"add\",\"path\":\"/display/nodes/c\",\"value\":{\"z\":2}},
                        {\"op\":\"remove\",\"path\":\"/display/nodes/b\"}]"))))
    (should (string= before (scenery-json-encode doc)))
    (should (equal (scenery-json-encode after)
                   "{\"display\":{\"nodes\":{\"a\":{\"frame\":[1,2,3,4]},\"c\":{\"z\":2}}},\"rev\":1}"))
    ;; Untouched members are shared, not copied.
    (let ((doc2 (scenery-json-parse "{\"a\":{\"x\":1},\"b\":{\"y\":2}}")))
      (should (eq (gethash "b" (scenery-patch-apply doc2 [])) (gethash "b" doc2)))
      (should (eq (gethash "b" (scenery-patch-apply
                                doc2 (scenery-json-parse "[{\"op\":\"replace\",\"path\":\"/a/x\",\"value\":3}]")))
                  (gethash "b" doc2))))))

(ert-deftest scenery-patch-failure-changes-nothing ()
  "A patch whose last operation fails signals and leaves DOC as it was."
  (let* ((doc (scenery-json-parse "{\"a\":{\"x\":1},\"list\":[1,2,3]}"))
         (before (scenery-json-encode doc))
         (err (should-error
               (scenery-patch-apply
                doc (scenery-json-parse
                     "[{\"op\":\"replace\",\"path\":\"/a/x\",\"value\":9},
                       {\"op\":\"remove\",\"path\":\"/list/0\"},
                       {\"op\":\"add\",\"path\":\"/a/x\",\"value\":5},
                       {\"op\":\"remove\",\"path\":\"/missing\"}]"))
               :type 'scenery-patch-error)))
    (should (string-match-p "missing" (cadr err)))
    (should (string= before (scenery-json-encode doc)))))

(ert-deftest scenery-patch-pointer-escapes ()
  "~1 and ~0 are unescaped; a bad escape is an error."
  (should (equal (scenery-patch-parse-pointer "/a~1b/c~0d/~01") '("a/b" "c~d" "~1")))
  (should (equal (scenery-patch-parse-pointer "") nil))
  (should-error (scenery-patch-parse-pointer "/a~2") :type 'scenery-patch-error)
  (should-error (scenery-patch-parse-pointer "a") :type 'scenery-patch-error))

(provide 'scenery-patch-tests)

;;; scenery-patch-tests.el ends here
