" Vim filetype plugin file
" Language: Rimau .game files (the rules language of hunt board games;
"           doc/language.md). See doc/editors.md.
if exists("b:did_ftplugin")
  finish
endif
let b:did_ftplugin = 1

" Comments start with '#' and run to the end of the line.
setlocal comments=:# commentstring=#\ %s
setlocal formatoptions-=t formatoptions+=croql
" Names have letters, digits, '_', '-', a quote and bytes over 0x7f
" (vulture-wins is one word).
setlocal iskeyword=@,48-57,_,39,45,128-255
" The shipped games are indented by four spaces a block.
setlocal expandtab shiftwidth=4 softtabstop=4
setlocal suffixesadd=.game

let b:undo_ftplugin = "setlocal comments< commentstring< formatoptions< iskeyword<"
      \ . " expandtab< shiftwidth< softtabstop< suffixesadd<"
