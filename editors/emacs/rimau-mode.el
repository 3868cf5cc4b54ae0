;;; rimau-mode.el --- Major mode for Rimau's .game files  -*- lexical-binding: t; -*-

;; Part of Rimau (MIT License, see the LICENSE file of the project).
;; Keywords: languages, games
;; Package-Requires: ((emacs "26.1"))

;;; Commentary:

;; The .game files of Rimau, the rules language of hunt board games
;; (doc/language.md): highlighting, comments ("#" to the end of the line),
;; the indentation of blocks, and the language server `rimau lsp' through
;; eglot (diagnostics, hover, completion, definitions and references,
;; symbols, formatting, code actions).  See doc/editors.md.
;;
;; Install: put this file in a folder of `load-path', then in your init file:
;;
;;   (require 'rimau-mode)
;;   (add-hook 'rimau-mode-hook #'eglot-ensure)   ; the language server
;;
;; The lists of keywords between BEGIN and END below are made by
;; editors/keywords.sh from grammar/lexer.l and doc/language.md.

;;; Code:

(defgroup rimau nil
  "Rimau's .game files."
  :group 'languages
  :prefix "rimau-")

(defcustom rimau-indent-offset 4
  "The indentation of each block ({ ... }) of a .game file."
  :type 'integer
  :safe #'integerp)

(defcustom rimau-program "rimau"
  "The rimau program that runs the language server (rimau lsp) for eglot."
  :type 'string)

;; BEGIN keywords: made by editors/keywords.sh from grammar/lexer.l and doc/language.md: run editors/keywords.sh --update, do not edit
(defconst rimau-mode-keywords
  '((block "board" "example" "option" "phase" "position" "region" "rules" "setup" "side")
    (metadata "alias" "game" "note" "origin" "quote" "source" "symbol")
    (control "else" "except" "if" "or" "then" "when" "while")
    (board "apex" "column" "columns" "depth" "diagonals" "grid" "line" "lines" "point" "pointing" "row" "rows" "triangle")
    (move "capture" "captures" "chain" "continue" "drop" "first" "hand" "leap" "move" "over" "piece" "pieces" "relocate" "remove" "removing" "slide" "stacks" "step" "turn" "turns")
    (end "draw" "end" "ends" "lose" "loses" "repetition" "result" "win" "wins")
    (example "after" "illegal" "legal")
    (modifier "compulsory" "empty" "fewer" "most" "must" "odd" "once" "optional" "than" "time" "times")
    (preposition "at" "by" "in" "of" "on" "to" "with")
    (constant "advancing" "all" "alternate" "approach" "back" "backward" "before" "blocked" "both" "diagonal" "down" "draws" "drops" "fills" "final" "forward" "further" "huffed" "left" "more" "never" "none" "not" "opponent" "orthogonal" "pass" "passes" "per" "play" "reaches" "right" "sideways" "toward" "up" "withdrawal" "without" "x"))
  "The words of the .game language, by group.
The keywords of grammar/lexer.l, and the constants of doc/language.md.")
;; END keywords

(defconst rimau-mode-group-faces
  '((block . font-lock-keyword-face)
    (metadata . font-lock-preprocessor-face)
    (control . font-lock-keyword-face)
    (board . font-lock-builtin-face)
    (move . font-lock-builtin-face)
    (end . font-lock-keyword-face)
    (example . font-lock-keyword-face)
    (modifier . font-lock-type-face)
    (preposition . font-lock-keyword-face)
    (constant . font-lock-constant-face))
  "The face of each group of `rimau-mode-keywords'.
A group not listed has `font-lock-keyword-face'.")

(defvar rimau-font-lock-keywords
  (append
   (mapcar (lambda (group)
             (list (concat "\\_<" (regexp-opt (cdr group) t) "\\_>")
                   0
                   (list 'quote (or (cdr (assq (car group) rimau-mode-group-faces))
                                    'font-lock-keyword-face))))
           rimau-mode-keywords)
   '(;; numbers: 5, -1, 2.618034, a grid's dimensions (5x5)
     ("\\_<-?[0-9]+\\(?:\\.[0-9]+\\|x[0-9]+\\)?\\_>" 0 'font-lock-constant-face)
     ;; a point's name as grids give them, letters then digits (c3)
     ("\\_<[A-Za-z]+[0-9]+\\_>" 0 'font-lock-variable-name-face)))
  "What `rimau-mode' highlights beside comments and strings.")

(defvar rimau-mode-syntax-table
  (let ((st (make-syntax-table)))
    (modify-syntax-entry ?# "<" st)
    (modify-syntax-entry ?\n ">" st)
    (modify-syntax-entry ?\" "\"" st)
    (modify-syntax-entry ?\\ "\\" st)
    ;; names have letters, digits, '_', '-' and a quote: vulture-wins is
    ;; one symbol
    (modify-syntax-entry ?_ "_" st)
    (modify-syntax-entry ?- "_" st)
    (modify-syntax-entry ?' "_" st)
    (modify-syntax-entry ?{ "(}" st)
    (modify-syntax-entry ?} "){" st)
    (modify-syntax-entry ?= "." st)
    (modify-syntax-entry ?| "." st)
    (modify-syntax-entry ?, "." st)
    (modify-syntax-entry ?\; "." st)
    st)
  "The syntax table of `rimau-mode'.")

(defun rimau-indent-line ()
  "Indent the current line by `rimau-indent-offset' for each block it is in."
  (interactive)
  (let ((state (syntax-ppss (line-beginning-position))))
    ;; (the lines of a string that goes on over lines are left as they are)
    (unless (nth 3 state)
      (let* ((closing (save-excursion
                        (back-to-indentation)
                        (looking-at-p "}")))
             (depth (max 0 (- (car state) (if closing 1 0))))
             (offset (- (current-column) (current-indentation))))
        (indent-line-to (* rimau-indent-offset depth))
        (when (> offset 0)
          (forward-char offset))))))

;;;###autoload
(define-derived-mode rimau-mode prog-mode "Rimau"
  "Major mode for the .game files of Rimau.
Rimau's .game language is the rules language of hunt board games
\(doc/language.md).  The language server, `rimau lsp', runs under
eglot: see `rimau-program'."
  :syntax-table rimau-mode-syntax-table
  (setq-local comment-start "# ")
  (setq-local comment-start-skip "#+[ \t]*")
  (setq-local comment-end "")
  (setq-local indent-line-function #'rimau-indent-line)
  (setq-local indent-tabs-mode nil)
  (setq-local font-lock-defaults '(rimau-font-lock-keywords)))

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.game\\'" . rimau-mode))

(defun rimau-eglot-contact (&optional _interactive)
  "The command line of the language server for eglot: `rimau-program' lsp."
  (list rimau-program "lsp"))

;; The language server for eglot: (rimau-mode "rimau" "lsp"), the program
;; being `rimau-program'.
(defvar eglot-server-programs) ; eglot's, known once it is loaded
;;;###autoload
(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs '(rimau-mode . rimau-eglot-contact)))

(provide 'rimau-mode)

;;; rimau-mode.el ends here
