#!/bin/sh
# The editor packages of editors/ (doc/editors.md).
#
# 1. Their lists of keywords (the TextMate grammar's, the Vim syntax
#    file's, the Emacs mode's) are those editors/keywords.sh makes from
#    grammar/lexer.l and doc/language.md, and the VS Code extension's
#    grammar is editors/textmate's.
# 2. Where the editor is installed (none is needed: each check is skipped
#    without it, with a line saying so): Vim loads the file type, syntax,
#    indent and settings of a .game file without an error, highlights
#    its words with the groups they should have and indents its blocks,
#    and leaves the indentation of every shipped game as it is;
#    Neovim takes the file type and starts `rimau lsp` (a stand-in
#    program) from editors/nvim/rimau.lua; Emacs byte-compiles
#    editors/emacs/rimau-mode.el without a warning and indents a file.
# 3. With CHECK_EDITORS_NODE=1 (make check-editors), the TextMate grammar
#    and the VS Code extension under Node.js (tests/editors/
#    textmate-test.mjs); skipped, with the line 'check-editors: skipped:
#    ...' and exit status 0, without Node.js or the npm packages
#    vscode-textmate and vscode-oniguruma (npm ci installs them). make
#    check leaves it out: it needs no npm package.
#
# Prints one 'ok' or 'FAIL' line per check, then 'N passed, M failed'.
set -u
: "${RIMAU:?}" "${srcdir:?}"
. "$srcdir/tests/lib.sh"

# ---- 1. the lists of keywords ----

n=$((n + 1))
if sh "$srcdir/editors/keywords.sh" "$srcdir" --check > "$tmp/kw.out" 2>&1; then
    echo "ok the editors' lists of keywords are grammar/lexer.l's and doc/language.md's"
else
    echo "FAIL the editors' lists of keywords differ from grammar/lexer.l's and doc/language.md's:"
    shown "$tmp/kw.out"
    fail=$((fail + 1))
fi

# ---- 2. the editors ----

# A game, unindented, and as the editors should indent it.
cat > "$tmp/want.game" <<'EOF'
# a comment
game "Sample"
option vulture-wins = four | all
board {
    grid 5x5
    point t2 at 3.9 -1
}
example "e" {
    legal "t1xi2"
    position {
        tiger at c3
    }
}
if vulture-wins = four {
    rules { first tigers }
} else {
    note "two # lines, {
{ which do not count"
}
EOF
sed 's/^ *//' "$tmp/want.game" > "$tmp/flat.game"

if command -v vim > /dev/null 2>&1; then
    # LINE:COLUMN and the syntax group there ('' for none)
    cat > "$tmp/want.vim" <<'EOF'
1:1 rimauComment
2:1 rimauMetadata
2:7 rimauString
3:1 rimauBlock
3:8 
3:16 
3:30 rimauConstant
4:7 rimauDelimiter
5:5 rimauBoard
5:10 rimauNumber
6:11 rimauPoint
6:17 rimauNumber
6:21 rimauNumber
9:5 rimauExample
9:12 rimauTurnPoint
9:14 rimauTurnMove
11:15 rimauPreposition
EOF
    cat > "$tmp/check.vim" <<EOF
normal! gg=G
write
let out = ['filetype ' . &filetype . ', syntax ' . get(b:, 'current_syntax', '') . ', commentstring ' . &commentstring]
for item in readfile('$tmp/want.vim')
  let [l, c] = split(split(item)[0], ':')
  call add(out, l . ':' . c . ' ' . synIDattr(synID(l, c, 1), 'name'))
endfor
" every shipped game indented again is unchanged
for f in glob('$srcdir/games/*.game', 0, 1)
  execute 'edit ' . fnameescape(f)
  normal! gg=G
  if getline(1, '\$') != readfile(f)
    call add(out, f . ' is indented otherwise')
  endif
  bwipeout!
endfor
call add(out, 'errors: ' . v:errmsg)
call writefile(out, '$tmp/vim.out')
qa!
EOF
    cp "$tmp/flat.game" "$tmp/vim.game"
    n=$((n + 1))
    timeout 30 vim -Nu NONE -i NONE -es --cmd "set rtp^=$srcdir/editors/vim" \
        -c 'filetype plugin indent on' -c 'syntax on' -c "edit $tmp/vim.game" \
        -c "source $tmp/check.vim" > "$tmp/vim.err" 2>&1
    { echo 'filetype rimau, syntax rimau, commentstring # %s'; cat "$tmp/want.vim"; echo 'errors: '; } > "$tmp/vim.want"
    if cmp -s "$tmp/vim.want" "$tmp/vim.out" && cmp -s "$tmp/want.game" "$tmp/vim.game"; then
        echo "ok Vim highlights, indents and sets up a .game file, and indents every shipped game as it is (editors/vim)"
    else
        echo "FAIL Vim's highlighting, indentation or settings of a .game file (editors/vim):"
        diff "$tmp/vim.want" "$tmp/vim.out" | sed 's/^/  | /'
        diff "$tmp/want.game" "$tmp/vim.game" | sed 's/^/  | /'
        shown "$tmp/vim.err"
        fail=$((fail + 1))
    fi
else
    echo "# no vim: its check is skipped"
fi

if command -v nvim > /dev/null 2>&1; then
    # The server: a program that writes its arguments down.
    printf '#!/bin/sh\necho "$@" > "%s"\n' "$tmp/server.args" > "$tmp/server"
    chmod +x "$tmp/server"
    cp "$tmp/flat.game" "$tmp/nvim.game"
    n=$((n + 1))
    timeout 30 nvim --headless -u NONE -i NONE --cmd "set rtp^=$srcdir/editors/vim" \
        -c "lua package.path = '$srcdir/editors/nvim/?.lua;' .. package.path; require('rimau').setup({ cmd = { '$tmp/server', 'lsp' } })" \
        -c 'filetype plugin indent on' -c 'syntax on' -c "edit $tmp/nvim.game" \
        -c "lua vim.wait(3000, function() return vim.loop.fs_stat('$tmp/server.args') ~= nil end)" \
        -c "lua local f = io.open('$tmp/nvim.out', 'w'); f:write(vim.bo.filetype, ' ', vim.v.errmsg, '\n'); f:close()" \
        -c 'qa!' > "$tmp/nvim.err" 2>&1
    if [ "$(cat "$tmp/nvim.out" 2> /dev/null)" != "rimau " ]; then
        echo "FAIL Neovim takes the file type rimau from editors/nvim/rimau.lua, without an error:"
        shown "$tmp/nvim.out"
        shown "$tmp/nvim.err"
        fail=$((fail + 1))
    elif nvim --headless -u NONE -c 'lua io.stdout:write(vim.lsp.start and "yes" or "no")' -c 'qa!' 2>&1 | grep -q yes; then
        if [ "$(cat "$tmp/server.args" 2> /dev/null)" = lsp ]; then
            echo "ok Neovim starts the language server, rimau lsp, for a .game file (editors/nvim/rimau.lua)"
        else
            echo "FAIL Neovim did not start the language server 'SERVER lsp' for a .game file (editors/nvim/rimau.lua)"
            shown "$tmp/nvim.err"
            fail=$((fail + 1))
        fi
    elif grep -q 'needs Neovim 0.8' "$tmp/nvim.err"; then
        echo "ok Neovim takes the file type rimau, and this Neovim (before 0.8) is told it cannot start the server"
    else
        echo "FAIL Neovim before 0.8 is not told that editors/nvim/rimau.lua cannot start the server"
        shown "$tmp/nvim.err"
        fail=$((fail + 1))
    fi
else
    echo "# no nvim: its check is skipped"
fi

if command -v emacs > /dev/null 2>&1; then
    mkdir "$tmp/el"
    cp "$srcdir/editors/emacs/rimau-mode.el" "$tmp/el/"
    cp "$tmp/flat.game" "$tmp/emacs.game"
    n=$((n + 1))
    if timeout 60 emacs -Q --batch -L "$tmp/el" --eval '(setq byte-compile-error-on-warn t)' \
            -f batch-byte-compile "$tmp/el/rimau-mode.el" > "$tmp/emacs.err" 2>&1 &&
        timeout 60 emacs -Q --batch -L "$tmp/el" -l rimau-mode \
            --eval "(progn (find-file \"$tmp/emacs.game\")
                           (unless (eq major-mode 'rimau-mode) (error \"not rimau-mode: %s\" major-mode))
                           (indent-region (point-min) (point-max))
                           (save-buffer))" >> "$tmp/emacs.err" 2>&1 &&
        cmp -s "$tmp/want.game" "$tmp/emacs.game"; then
        echo "ok Emacs byte-compiles editors/emacs/rimau-mode.el and indents a .game file with it"
    else
        echo "FAIL Emacs and editors/emacs/rimau-mode.el:"
        shown "$tmp/emacs.err"
        diff "$tmp/want.game" "$tmp/emacs.game" | sed 's/^/  | /'
        fail=$((fail + 1))
    fi
else
    echo "# no emacs: its check is skipped"
fi

# ---- 3. the TextMate grammar and the VS Code extension, under Node.js ----

if [ "${CHECK_EDITORS_NODE:-}" = 1 ]; then
    if ! command -v node > /dev/null 2>&1; then
        echo "check-editors: skipped: no Node.js, for the TextMate grammar's test (Debian: apt-get install nodejs npm)"
    elif [ ! -d "$srcdir/node_modules/vscode-textmate" ] || [ ! -d "$srcdir/node_modules/vscode-oniguruma" ]; then
        echo "check-editors: skipped: no vscode-textmate and vscode-oniguruma, for the TextMate grammar's test: run npm ci in $srcdir (./bootstrap --web does)"
    else
        n=$((n + 1))
        if timeout 120 node "$srcdir/tests/editors/textmate-test.mjs" "$srcdir" "$RIMAU" > "$tmp/node.out" 2>&1; then
            grep -v ' passed, ' "$tmp/node.out" | sed 's/^/  /'
            echo "ok the TextMate grammar and the VS Code extension (tests/editors/textmate-test.mjs)"
        else
            cat "$tmp/node.out"
            echo "FAIL the TextMate grammar and the VS Code extension (tests/editors/textmate-test.mjs)"
            fail=$((fail + 1))
        fi
    fi
else
    echo "# the TextMate grammar's test runs in make check-editors"
fi

echo "$((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
