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
#    program; before Neovim 0.8, a stand-in for vim.lsp.start) from
#    editors/nvim/rimau.lua; Emacs byte-compiles
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
    timeout 30 vim -Nu NONE -i NONE -n -es --cmd "set rtp^=$srcdir/editors/vim" \
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
    # The server: a program that writes its arguments down. Before Neovim
    # 0.8 (no vim.lsp.start: the configuration warns), a stand-in for
    # vim.lsp.start (and vim.fs) takes the configuration the file gives.
    printf '#!/bin/sh\necho "$@" > "%s"\n' "$tmp/server.args" > "$tmp/server"
    chmod +x "$tmp/server"
    cp "$tmp/flat.game" "$tmp/nvim.game"
    cat > "$tmp/check.lua" <<EOF
local out = {}
local started = nil
if not vim.lsp.start then
  table.insert(out, "(vim.lsp.start stood in for)")
  vim.lsp.start = function(config, opts) started = { config = config, bufnr = opts.bufnr } end
  vim.fs = vim.fs or {
    dirname = function(p) return vim.fn.fnamemodify(p, ":h") end,
    find = function() return {} end,
  }
end
package.path = "$srcdir/editors/nvim/?.lua;" .. package.path
require("rimau").setup({ cmd = { "$tmp/server", "lsp" } })
vim.cmd("edit $tmp/nvim.game")
table.insert(out, "filetype " .. vim.bo.filetype)
if started then
  local c = started.config
  table.insert(out, ("server %s, %s %s, in %s, buffer %s"):format(c.name, c.cmd[1] == "$tmp/server" and "SERVER" or c.cmd[1],
    c.cmd[2], c.root_dir == "$tmp" and "TMP" or c.root_dir, started.bufnr == vim.api.nvim_get_current_buf() and "this" or "another"))
else
  vim.wait(3000, function() return vim.loop.fs_stat("$tmp/server.args") ~= nil end)
  local f = io.open("$tmp/server.args")
  table.insert(out, ("server rimau, SERVER %s, in TMP, buffer this"):format(f and f:read("*l") or "not started"))
end
table.insert(out, "errors: " .. vim.v.errmsg)
vim.fn.writefile(out, "$tmp/nvim.out")
EOF
    n=$((n + 1))
    # (editors/nvim/rimau.lua alone: the Vim files are Vim's check)
    timeout 30 nvim --headless -u NONE -i NONE -n -c "luafile $tmp/check.lua" -c 'qa!' > "$tmp/nvim.err" 2>&1
    grep -v '^(vim.lsp.start' "$tmp/nvim.out" > "$tmp/nvim.got" 2> /dev/null
    printf 'filetype rimau\nserver rimau, SERVER lsp, in TMP, buffer this\nerrors: \n' > "$tmp/nvim.want"
    if cmp -s "$tmp/nvim.want" "$tmp/nvim.got"; then
        echo "ok Neovim takes the file type rimau and starts the language server, rimau lsp, for a .game file (editors/nvim/rimau.lua$(grep -q '^(vim.lsp.start' "$tmp/nvim.out" && echo ', vim.lsp.start stood in for before Neovim 0.8'))"
    else
        echo "FAIL Neovim, a .game file and editors/nvim/rimau.lua:"
        diff "$tmp/nvim.want" "$tmp/nvim.got" | sed 's/^/  | /'
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
