-- rimau.lua: Neovim's configuration for Rimau's .game files (the rules
-- language of hunt board games): the file type rimau for *.game, and the
-- language server `rimau lsp` started for each such buffer by Neovim's own
-- LSP client (vim.lsp.start, Neovim 0.8 or later). The highlighting is
-- that of the Vim files of editors/vim, which Neovim reads too.
--
-- Install (doc/editors.md): copy this file to ~/.config/nvim/lua/rimau.lua
-- and editors/vim's folders to ~/.config/nvim/, then in init.lua:
--
--   require("rimau").setup()
--   -- or, with another program: require("rimau").setup({ cmd = { "/path/to/rimau", "lsp" } })
--
-- With nvim-lspconfig instead, the same server is registered so:
--
--   local configs = require("lspconfig.configs")
--   if not configs.rimau then
--     configs.rimau = { default_config = {
--       cmd = { "rimau", "lsp" }, filetypes = { "rimau" },
--       root_dir = require("lspconfig.util").find_git_ancestor,
--       single_file_support = true } }
--   end
--   require("lspconfig").rimau.setup({})
local M = {}

-- The folder of the project a file is in: the one holding .git, else the
-- file's own.
local function root_of(file)
  local dir = vim.fs.dirname(file)
  local git = vim.fs.find(".git", { upward = true, path = dir })[1]
  return git and vim.fs.dirname(git) or dir
end

-- setup(OPTS): OPTS.cmd is the server's command line ({ "rimau", "lsp" }
-- by default).
function M.setup(opts)
  opts = opts or {}
  local cmd = opts.cmd or { "rimau", "lsp" }
  local group = vim.api.nvim_create_augroup("rimau_lsp", { clear = true })
  -- (as editors/vim/ftdetect/rimau.vim: this file works without it)
  vim.api.nvim_create_autocmd({ "BufRead", "BufNewFile" }, {
    group = group,
    pattern = "*.game",
    command = "setfiletype rimau",
  })
  vim.api.nvim_create_autocmd("FileType", {
    group = group,
    pattern = "rimau",
    callback = function(args)
      if not vim.lsp.start then
        vim.notify_once("rimau: the language server needs Neovim 0.8 or later (vim.lsp.start)", vim.log.levels.WARN)
        return
      end
      if vim.fn.executable(cmd[1]) == 0 then
        vim.notify_once(("rimau: '%s' is not a program: install rimau, or give its path: "
          .. "require(\"rimau\").setup({ cmd = { \"/path/to/rimau\", \"lsp\" } })"):format(cmd[1]),
          vim.log.levels.WARN)
        return
      end
      local file = vim.api.nvim_buf_get_name(args.buf)
      vim.lsp.start({
        name = "rimau",
        cmd = cmd,
        root_dir = root_of(file ~= "" and file or vim.fn.getcwd() .. "/x"),
      }, { bufnr = args.buf })
    end,
  })
end

return M
