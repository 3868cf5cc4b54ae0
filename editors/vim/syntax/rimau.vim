" Vim syntax file
" Language: Rimau .game files (the rules language of hunt board games;
"           doc/language.md). See doc/editors.md.
" The lists of keywords below, between BEGIN and END, are made by
" editors/keywords.sh from grammar/lexer.l and doc/language.md.
if exists("b:current_syntax")
  finish
endif
let s:cpo_save = &cpo
set cpo&vim

syntax case match
" Names have letters, digits, '_', '-', a quote and bytes over 0x7f: a
" keyword within a longer name ('wins' in vulture-wins) is none.
syntax iskeyword @,48-57,_,39,45,128-255

" BEGIN keywords: made by editors/keywords.sh from grammar/lexer.l and doc/language.md: run editors/keywords.sh --update, do not edit
syntax keyword rimauBlock board example option phase position region rules setup side
syntax keyword rimauMetadata alias game note origin quote source symbol
syntax keyword rimauControl else except if or then when while
syntax keyword rimauBoard apex column columns depth diagonals grid line lines point pointing row rows triangle
syntax keyword rimauMove capture captures chain continue drop first hand leap move over piece pieces relocate remove removing slide stacks step turn turns
syntax keyword rimauEnd draw end ends lose loses repetition result win wins
syntax keyword rimauExample after illegal legal
syntax keyword rimauModifier compulsory empty fewer most must odd once optional than time times
syntax keyword rimauPreposition at by in of on to with
syntax keyword rimauConstant advancing all alternate approach back backward before blocked both diagonal down draws drops fills final forward further huffed left more never none not opponent orthogonal pass passes per play reaches right sideways toward up withdrawal without x
" END keywords

" A point's name as grids give them, letters then digits (c3, t1, aa12).
syntax match rimauPoint "\<\a\+\d\+\>"
" Numbers: 5, -1, 2.618034, and a grid's dimensions (5x5).
syntax match rimauNumber "\<-\=\d\+\%(\.\d\+\|x\d\+\)\=\>"
syntax match rimauOperator "[=|]"
syntax match rimauDelimiter "[{},;]"

syntax keyword rimauTodo contained TODO FIXME XXX NOTE
syntax match rimauComment "#.*$" contains=rimauTodo,@Spell

" Strings may span lines; \\, \", \n and \t are their escapes, and a
" backslash at the end of a line joins the lines.
syntax match rimauBadEscape contained "\\."
syntax match rimauEscape contained +\\[nt"\\]+
syntax match rimauEscape contained "\\$"
syntax region rimauString start=+"+ skip=+\\\\\|\\"+ end=+"+ contains=rimauBadEscape,rimauEscape,@Spell
" The turns of an example (after, legal, illegal), as doc/notation.md
" writes them: points joined by '-' and 'x', moves by ','.
syntax region rimauTurns start=+\%(\<\%(after\|legal\|illegal\)\s\+\)\@<="+ skip=+\\\\\|\\"+ end=+"+
      \ contains=rimauBadEscape,rimauEscape,rimauTurnPoint,rimauTurnMove
" (the capture's x, defined last, goes before a point: t1 x i2)
syntax match rimauTurnPoint contained "\a\+\d\+"
syntax match rimauTurnMove contained "[-@,;]\|\d\@<=x\|\%([" ,;]\)\@<=x\a\@="

" Blocks fold.
syntax region rimauFold matchgroup=rimauDelimiter start="{" end="}" transparent fold
syntax sync fromstart

highlight default link rimauBlock Structure
highlight default link rimauMetadata PreProc
highlight default link rimauControl Conditional
highlight default link rimauBoard Keyword
highlight default link rimauMove Statement
highlight default link rimauEnd Keyword
highlight default link rimauExample Keyword
highlight default link rimauModifier StorageClass
highlight default link rimauPreposition Keyword
highlight default link rimauOther Keyword
highlight default link rimauConstant Constant
highlight default link rimauPoint Identifier
highlight default link rimauNumber Number
highlight default link rimauOperator Operator
highlight default link rimauDelimiter Delimiter
highlight default link rimauTodo Todo
highlight default link rimauComment Comment
highlight default link rimauString String
highlight default link rimauTurns String
highlight default link rimauTurnPoint Identifier
highlight default link rimauTurnMove Operator
highlight default link rimauEscape SpecialChar
highlight default link rimauBadEscape Error

let b:current_syntax = "rimau"
let &cpo = s:cpo_save
unlet s:cpo_save
