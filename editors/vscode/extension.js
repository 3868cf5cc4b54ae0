// extension.js: the Rimau extension of VS Code. The language (.game
// files), its grammar and its editing rules are declared in package.json;
// this file starts the language server, `rimau lsp` (the program named by
// the setting rimau.path), which speaks the Language Server Protocol on
// its standard input and output, through the vscode-languageclient
// package. The server gives the diagnostics, hover, completion,
// definitions and references, symbols, formatting, code actions and code
// lenses; this file adds a command to restart it and restarts it when the
// setting changes.
"use strict";
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client = null;

// The command line of the server: the setting rimau.path, then "lsp".
function serverOptions() {
  const command = vscode.workspace.getConfiguration("rimau").get("path") || "rimau";
  const run = { command, args: ["lsp"], transport: TransportKind.stdio };
  return { run, debug: run };
}

async function start() {
  const options = serverOptions();
  client = new LanguageClient("rimau", "Rimau language server", options, {
    documentSelector: [
      { scheme: "file", language: "rimau" },
      { scheme: "untitled", language: "rimau" },
    ],
  });
  try {
    await client.start();
  } catch (err) {
    client = null;
    // (not awaited: the extension is active while the message is shown)
    vscode.window.showErrorMessage(
      `Rimau: could not start '${options.run.command} lsp' (${err && err.message ? err.message : err}). ` +
        "Install rimau, or set rimau.path to the program.",
      "Open settings").then((choice) => {
      if (choice === "Open settings")
        vscode.commands.executeCommand("workbench.action.openSettings", "rimau.path");
    });
  }
}

async function stop() {
  if (!client) return;
  const c = client;
  client = null;
  try {
    await c.stop();
  } catch (err) {
    // (a server that died already: nothing to stop)
  }
}

async function restart() {
  await stop();
  await start();
}

function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand("rimau.restartServer", restart),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration("rimau.path")) restart();
    }),
  );
  return start();
}

function deactivate() {
  return stop();
}

module.exports = { activate, deactivate };
