;;; xtest.el --- Helpers for driving a real Emacs frame from outside -*- lexical-binding: t -*-

;;; Commentary:

;; Loaded into the `emacs' (a GTK frame on an Xvfb display) that the
;; proofs under X drive (Tests/Emacs/xemacs.py): it starts a server on
;; $SCENERY_XTEST_SOCKET so the harness can ask it things with
;; `emacsclient --eval', and gives what the harness needs in a line of
;; JSON: where the screen's image is on the X screen, the session's
;; rev and what is loading, a kit state drawn in a frame at one device
;; pixel a pixel.  Everything the user does is played with xdotool
;; as real X events; nothing here sends a gesture.

;;; Code:

(require 'server)
(require 'json)
(require 'scenery)

(defun scenery-xtest--json (value)
  "VALUE (alists, lists, numbers, strings) as one line of JSON."
  (let ((json-encoding-pretty-print nil)) (json-encode value)))

(defun scenery-xtest-chrome-off ()
  "No menu bar, tool bar, scroll bars, fringes, cursor blink or startup screen."
  (menu-bar-mode -1)
  (tool-bar-mode -1)
  (scroll-bar-mode -1)
  (blink-cursor-mode -1)
  (tooltip-mode -1)
  (setq inhibit-startup-screen t
        ring-bell-function #'ignore
        mouse-highlight nil
        frame-resize-pixelwise t
        window-resize-pixelwise t)
  (set-fringe-mode 0)
  (modify-frame-parameters nil '((internal-border-width . 0) (left-fringe . 0) (right-fringe . 0)
                                 (vertical-scroll-bars . nil) (horizontal-scroll-bars . nil))))

(defun scenery-xtest-frame-size (width height)
  "Make the selected frame's text area WIDTH x HEIGHT pixels; return it."
  (set-frame-size nil width height t)
  (redisplay t)
  (scenery-xtest--json (list (cons 'width (frame-text-width)) (cons 'height (frame-text-height)))))

(defun scenery-xtest-body-height (height)
  "Resize the frame so the selected window's body is HEIGHT pixels tall."
  (dotimes (_ 4)
    (let ((delta (- height (window-body-height nil t))))
      (unless (zerop delta)
        (set-frame-size nil (frame-text-width) (+ (frame-text-height) delta) t)
        (redisplay t)
        (sit-for 0.05))))
  (window-body-height nil t))

;;;; A kit state drawn as scenery.el draws the screen at its device scale

(defvar scenery-xtest--kit-session nil
  "The stand-in session whose folder holds the pictures of the kit state shown.")

(defun scenery-xtest-show-state (file)
  "Show the conformance kit's state FILE in the selected window at 1:1.
The state's document is drawn as `scenery--redraw' draws a session's
mirror (scenery.el's own code): `scenery-svg-picture' cut into bands
\(`scenery-bands-svgs') at the window's size, here the device's (factor
= scale), every picture by a file: URL written once with
`scenery--asset-href', the images created by `scenery-bands-images' and
stacked by `scenery-bands-insert'; declared animations at the state's
nowMs.  Returns the stack's rectangle on the X screen as JSON {x, y,
width, height}."
  (when scenery-xtest--kit-session
    (scenery--delete-asset-files scenery-xtest--kit-session))
  (let* ((kit (with-temp-buffer
                (set-buffer-multibyte t)
                (let ((coding-system-for-read 'utf-8)) (insert-file-contents file))
                (scenery-json-parse (buffer-string))))
         (scale (gethash "scale" kit))
         (document (gethash "document" kit))
         (session (setq scenery-xtest--kit-session (scenery--session-make)))
         (scenery-svg-image-href (lambda (asset) (scenery--asset-href session asset)))
         (picture (scenery-svg-picture document (gethash "assets" kit) (gethash "nowMs" kit)))
         (directory (scenery--session-asset-directory session))
         (scenery-bands--shown nil)
         ;; The content's band drawn as a slice of its sheet, as a scroll draws it.
         (scenery-sheet-still t)
         (scenery-sheet--last nil)
         (images (scenery-bands-images (scenery-bands-svgs document picture scale (1+ (frame-char-height))
                                                           (gethash "assets" kit))
                                       (and directory (expand-file-name "screen.svg" directory))))
         (buffer (get-buffer-create "*scenery-kit*")))
    (with-current-buffer buffer
      (let ((inhibit-read-only t))
        (erase-buffer)
        (setq-local cursor-type nil)
        (setq-local mode-line-format nil)
        (setq-local header-line-format nil)
        (setq-local truncate-lines t)
        (scenery-bands-insert images 0 scale)
        (goto-char (point-min))))
    (switch-to-buffer buffer)
    (delete-other-windows)
    (set-window-start nil (point-min))
    (dolist (band images) (dolist (piece (scenery-bands--pieces band)) (image-flush (car piece) t)))
    (redisplay t)
    (scenery-xtest-image-rect (point-min) images)))

(defun scenery-xtest-image-rect (position images)
  "The rectangle on the X screen of IMAGES stacked from POSITION, as JSON.
IMAGES is a list of (TOP . IMAGE), the bands of `scenery-bands-images'."
  (let* ((edges (window-inside-absolute-pixel-edges))
         (origin (posn-x-y (posn-at-point (1+ position))))
         (size (scenery-bands-size images)))
    (scenery-xtest--json
     (list (cons 'x (+ (nth 0 edges) (car origin))) (cons 'y (+ (nth 1 edges) (cdr origin)))
           (cons 'width (car size)) (cons 'height (cdr size))))))

;;;; The session of M-x scenery

(defun scenery-xtest-open (title)
  "Start a fresh session on the preset TITLE, on the first device, shown alone.
The session before it is ended (its engine shut down); a new engine
opens TITLE first, so its first `scene.open' is the script's scene."
  (when (get-buffer "*scenery*") (kill-buffer "*scenery*"))
  ;; `scenery-pick-scene' knows the presets only once an engine has said
  ;; its scenes, and `M-x scenery' opens the first: the session is
  ;; started on the preset itself (scenery.el's own start, internal).
  (let ((scene (downcase (car (split-string title ":")))))
    (scenery--start (list title scene nil) 0))
  (scenery)
  (delete-other-windows)
  (select-frame-set-input-focus (selected-frame))
  t)

(defun scenery-xtest-status ()
  "The session as JSON: rev, live, scene, loading images, factor, gestures,
requests waiting for an answer, the engine's pid and the model."
  (let* ((state (scenery-session-state))
         (nodes (scenery-json-get state "display" "nodes"))
         (loading 0)
         (session (and (boundp 'scenery--current) scenery--current))
         (status (make-hash-table :test 'equal)))
    (when (hash-table-p nodes)
      (maphash (lambda (_ node)
                 (when (equal (scenery-json-get node "style" "imageState") "loading")
                   (setq loading (1+ loading))))
               nodes))
    (puthash "rev" (scenery-session-rev) status)
    (puthash "live" (if (scenery-session-live-p) t :false) status)
    (puthash "scene" (or (and state (stringp (gethash "scene" state)) (gethash "scene" state)) "") status)
    (puthash "loading" loading status)
    (puthash "factor" (or (and (boundp 'scenery--factor) scenery--factor) 0) status)
    (puthash "gestures" (vconcat (scenery-session-gestures)) status)
    (puthash "buffer" (buffer-name (window-buffer (selected-window))) status)
    (puthash "minibuffer" (if (active-minibuffer-window) t :false) status)
    (puthash "waiting" (if session (hash-table-count (scenery--session-waiting session)) 0) status)
    (puthash "pid" (or (and session (process-live-p (scenery--session-process session))
                            (process-id (scenery--session-process session)))
                       :null)
             status)
    (puthash "assetsMissing"
             (let ((missing 0) (assets (and session (scenery--session-assets session))))
               (when (and (hash-table-p nodes) assets)
                 (maphash (lambda (_ node)
                            (dolist (id (list (scenery-json-get node "image") (scenery-json-get node "style" "movie")))
                              (when (and (stringp id) (not (gethash id assets)))
                                (setq missing (1+ missing)))))
                          nodes))
               missing)
             status)
    (puthash "redraws" (if (boundp 'scenery-xtest--redraws) scenery-xtest--redraws 0) status)
    (puthash "gallery" (or (scenery-json-get state "model" "gallery" "index") :null) status)
    (puthash "model" (or (scenery-json-get state "model") :null) status)
    (scenery-json-encode status)))

(defvar scenery-xtest--redraws 0
  "How many times the screen was drawn (`scenery-redraw-hook').")

(add-hook 'scenery-redraw-hook (lambda () (setq scenery-xtest--redraws (1+ scenery-xtest--redraws))))

(defun scenery-xtest-point (x y)
  "The X screen position of the screen point X, Y as JSON [x, y]."
  (let ((at (scenery-point-screen-position x y)))
    (scenery-xtest--json (and at (vector (car at) (cdr at))))))

(defun scenery-xtest-screen-rect ()
  "The rectangle on the X screen of the phone's image in *scenery*, as JSON."
  (let ((window (get-buffer-window "*scenery*" t)))
    (with-selected-window window
      (with-current-buffer "*scenery*"
        (let ((position (text-property-any (point-min) (point-max) 'scenery-image t)))
          (scenery-xtest-image-rect (1- position) scenery--images))))))

(defun scenery-xtest-frame-rect ()
  "The rectangle of the selected frame on the X screen (its outer edges), as JSON."
  (let ((edges (frame-edges nil 'outer-edges)))
    (scenery-xtest--json (list (cons 'x (nth 0 edges)) (cons 'y (nth 1 edges))
                               (cons 'width (- (nth 2 edges) (nth 0 edges)))
                               (cons 'height (- (nth 3 edges) (nth 1 edges)))))))

;;;; The screen reader's view

(defun scenery-xtest-reader ()
  "The reader buffer and what was said, as JSON.
ids: the nodes of its lines in order; point: the id on point's line;
line: that line; selected: the selected window's buffer; message: the
echo area now; listRev: the rev of the session's accessibility list."
  (let ((buffer (get-buffer scenery-reader-buffer-name))
        (status (make-hash-table :test 'equal))
        (access (and scenery--current (scenery--session-access scenery--current))))
    (puthash "selected" (buffer-name (window-buffer (selected-window))) status)
    (puthash "message" (or (current-message) "") status)
    (puthash "listRev" (or (and access (scenery--access-rev access)) :null) status)
    (puthash "rev" (scenery-session-rev) status)
    (puthash "waiting" (if scenery--current (hash-table-count (scenery--session-waiting scenery--current)) 0) status)
    (when (buffer-live-p buffer)
      (with-current-buffer buffer
        (let ((window (get-buffer-window buffer t))
              (ids nil))
          (save-excursion
            (goto-char (point-min))
            (while (not (eobp))
              (let ((node (get-text-property (point) 'scenery-node)))
                (when node (push (gethash "id" node) ids)))
              (forward-line 1)))
          (save-excursion
            (when window (goto-char (window-point window)))
            (let ((node (get-text-property (line-beginning-position) 'scenery-node)))
              (puthash "point" (if node (gethash "id" node) :null) status)
              (puthash "line" (buffer-substring-no-properties (line-beginning-position) (line-end-position)) status)))
          (puthash "ids" (vconcat (nreverse ids)) status))))
    (scenery-json-encode status)))

(defun scenery-xtest-messages ()
  "The lines of *Messages*, as a JSON array."
  (scenery-json-encode
   (vconcat (with-current-buffer (messages-buffer) (split-string (buffer-string) "\n" t)))))

(defun scenery-xtest-sent (method)
  "The params of each METHOD request the request log holds, as a JSON array."
  (let ((found nil))
    (when (get-buffer "*scenery-log*")
      (with-current-buffer "*scenery-log*"
        (goto-char (point-min))
        (while (re-search-forward "^> \\(.*\\)$" nil t)
          (let ((request (ignore-errors (scenery-json-parse (match-string 1)))))
            (when (and request (equal (gethash "method" request) method))
              (push (gethash "params" request) found))))))
    (scenery-json-encode (vconcat (nreverse found)))))

(defun scenery-xtest-rest-rect ()
  "Where the pointer can rest in the frame with nothing to say: the echo area."
  (let ((edges (window-absolute-pixel-edges (minibuffer-window))))
    (scenery-xtest--json (list (cons 'x (+ (nth 0 edges) 5)) (cons 'y (/ (+ (nth 1 edges) (nth 3 edges)) 2))))))

(let ((socket (getenv "SCENERY_XTEST_SOCKET")))
  (when socket
    (setq server-socket-dir (file-name-directory socket)
          server-name (file-name-nondirectory socket))
    (server-start)))

(provide 'xtest)

;;; xtest.el ends here
