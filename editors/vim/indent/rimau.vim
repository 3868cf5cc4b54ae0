" Vim indent file
" Language: Rimau .game files. A line is indented by one 'shiftwidth' for
"           each block ('{' ... '}') it is in. See doc/editors.md.
if exists("b:did_indent")
  finish
endif
let b:did_indent = 1

setlocal autoindent nosmartindent nocindent
setlocal indentexpr=RimauIndent(v:lnum)
setlocal indentkeys=0},0{,!^F,o,O
let b:undo_indent = "setlocal autoindent< smartindent< cindent< indentexpr< indentkeys<"

if exists("*RimauIndent")
  finish
endif
let s:cpo_save = &cpo
set cpo&vim

" Whether the character at LNUM, COL is in an item of syntax/rimau.vim
" whose name matches GROUPS.
function s:In(lnum, col, groups) abort
  for id in synstack(a:lnum, a:col)
    if synIDattr(id, 'name') =~# a:groups
      return 1
    endif
  endfor
  return 0
endfunction

" The blocks line LNUM opens: its '{' less its '}', outside strings and
" comments; a '}' that starts the line does not count (it closed its
" block on that line's indent: '} else {' opens one).
function s:Opens(lnum, syntax) abort
  let line = getline(a:lnum)
  if !a:syntax
    " (without the syntax items, strings of one line and comments cut)
    let line = substitute(line, '"\%([^"\\]\|\\.\)*"', '""', 'g')
    let line = substitute(line, '#.*', '', '')
    let line = substitute(line, '^\s*}', '', '')
    return len(substitute(line, '[^{]', '', 'g')) - len(substitute(line, '[^}]', '', 'g'))
  endif
  let n = 0
  let i = match(line, '[{}]', max([matchend(line, '^\s*}'), 0]))
  while i >= 0
    if !s:In(a:lnum, i + 1, '^rimau\%(String\|Turns\|Comment\)$')
      let n += line[i] ==# '{' ? 1 : -1
    endif
    let i = match(line, '[{}]', i + 1)
  endwhile
  return n
endfunction

" The indent of line LNUM: that of the statement above, plus a step for
" each block it opens, less one on a line that closes one. The lines of a
" string that goes on over lines keep theirs.
function RimauIndent(lnum) abort
  let syntax = get(b:, 'current_syntax', '') ==# 'rimau'
  let instring = '^rimau\%(String\|Turns\)$'
  if syntax && s:In(a:lnum, 1, instring)
    return -1
  endif
  let prev = prevnonblank(a:lnum - 1)
  if prev == 0
    return 0
  endif
  " (the statement starts where its string started)
  let first = prev
  while syntax && first > 1 && s:In(first, 1, instring)
    let first = prevnonblank(first - 1)
  endwhile
  let opens = 0
  for l in range(first, prev)
    let opens += s:Opens(l, syntax)
  endfor
  let ind = indent(first) + opens * shiftwidth()
  if getline(a:lnum) =~# '^\s*}'
    let ind -= shiftwidth()
  endif
  return ind < 0 ? 0 : ind
endfunction

let &cpo = s:cpo_save
unlet s:cpo_save
