" The .game files of Rimau (the rules language of hunt board games) have
" the file type rimau: syntax/rimau.vim, ftplugin/rimau.vim and
" indent/rimau.vim. See doc/editors.md.
autocmd BufRead,BufNewFile *.game setfiletype rimau
