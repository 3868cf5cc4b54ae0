#!/bin/sh
# Draws doc/editors-screenshot.png: Neovim in an xterm on a virtual X
# screen, editing a game with a misspelt piece kind, with rimau lsp's
# diagnostic on that line and its hover on the keyword 'grid' open.
# Not part of any test: run it by hand when the picture should change.
#
# Needs (Debian): neovim xvfb xterm x11-apps fonts-dejavu-core, and
# ImageMagick's convert; a built rimau (RIMAU, else src/rimau).
# Usage: editors/screenshot.sh [OUTPUT.png]
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$top/doc/editors-screenshot.png}
rimau=${RIMAU:-$top/src/rimau}
for t in nvim Xvfb xterm xwd convert; do
    command -v "$t" > /dev/null || { echo "screenshot.sh: $t is needed" >&2; exit 1; }
done
[ -x "$rimau" ] || { echo "screenshot.sh: no rimau at $rimau (set RIMAU)" >&2; exit 1; }
tmp=$(mktemp -d)
display=:57
Xvfb "$display" -screen 0 1120x560x24 > /dev/null 2>&1 &
xpid=$!
trap 'kill "$xpid" 2> /dev/null; rm -rf "$tmp"' EXIT
sleep 1

# The game: the session of the language server's test, with 'man'
# misspelt 'mna' on the moving phase's turn line.
sed 's/turn step man$/turn step mna/' "$top/tests/lsp/session.game" > "$tmp/hunt.game"

# Neovim started clean, with the Vim files of editors/vim for the
# highlighting and its own LSP client for rimau lsp (start_client: the
# Neovim of Debian 12 is 0.7); once the diagnostics are in, the cursor
# goes to 'grid' and the hover opens.
cat > "$tmp/init.lua" << EOF
vim.opt.runtimepath:prepend("$top/editors/vim")
vim.cmd("filetype plugin indent on")
vim.cmd("syntax on")
vim.opt.termguicolors = false
vim.opt.number = true
vim.opt.conceallevel = 2
vim.opt.signcolumn = "yes"
vim.opt.swapfile = false
vim.opt.shortmess:append("I")
vim.api.nvim_create_autocmd("FileType", { pattern = "rimau", callback = function(args)
  local id = vim.lsp.start_client({ name = "rimau", cmd = { "$rimau", "lsp" },
                                    root_dir = "$tmp" })
  vim.lsp.buf_attach_client(args.buf, id)
end })
vim.lsp.handlers["textDocument/hover"] =
  vim.lsp.with(vim.lsp.handlers.hover, { max_width = 96, border = "single" })
vim.defer_fn(function()
  vim.api.nvim_win_set_cursor(0, { 4, 5 })
  vim.lsp.buf.hover()
end, 2500)
EOF
xterm -display "$display" -geometry 138x34+0+0 -fa 'DejaVu Sans Mono' -fs 11 \
    -bg '#fdf6e3' -fg '#222222' -T 'hunt.game - rimau lsp in Neovim' \
    -e nvim -u "$tmp/init.lua" "$tmp/hunt.game" &
tpid=$!
sleep 6
xwd -display "$display" -root -silent > "$tmp/screen.xwd"
kill "$tpid" 2> /dev/null || :
convert "$tmp/screen.xwd" -crop 1120x556+0+0 "$out"
echo "screenshot.sh: wrote $out"
