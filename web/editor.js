// editor.js: the editor of a game's text, CodeMirror 6 (npm) bundled by
// make web with esbuild into dist/editor.bundle.js, which the page
// (edit.js) imports. The .game language is highlighted by the words of
// doc/language.md's grammar (grammar-words.sh makes the module
// "rimau-grammar-words" from it at build time); the diagnostics are
// given by the page (the C library's, from the worker) and shown with
// CodeMirror's lint: underlined, the message on hover, a mark in the
// gutter.
import { EditorState } from "@codemirror/state";
import {
  EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter,
  drawSelection, highlightSpecialChars,
} from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import {
  StreamLanguage, syntaxHighlighting, HighlightStyle, bracketMatching,
} from "@codemirror/language";
import { setDiagnostics, lintGutter } from "@codemirror/lint";
import { tags } from "@lezer/highlight";
import { keywords, contextual } from "rimau-grammar-words";

const KEYWORDS = new Set(keywords);
const CONTEXTUAL = new Set(contextual);

// The rest of a string from where the stream is: to its closing quote, or
// to the end of the line, the string going on on the next (strings may
// span lines; \" and \\ are escapes).
function readString(stream, state) {
  while (!stream.eol()) {
    const ch = stream.next();
    if (ch === "\\") {
      if (!stream.eol()) stream.next();
    } else if (ch === '"') {
      state.inString = false;
      return "string";
    }
  }
  return "string";
}

// The tokens of doc/language.md's lexical structure.
export const gameLanguage = StreamLanguage.define({
  name: "rimau-game",
  startState: () => ({ inString: false }),
  copyState: (s) => ({ inString: s.inString }),
  token(stream, state) {
    if (state.inString) return readString(stream, state);
    if (stream.eatSpace()) return null;
    if (stream.peek() === "#") {
      stream.skipToEnd();
      return "comment";
    }
    if (stream.eat('"')) {
      state.inString = true;
      return readString(stream, state);
    }
    if (stream.match(/^-?[0-9]+(\.[0-9]+|x[0-9]+)?/)) return "number";
    const word = stream.match(/^[\p{L}_][\p{L}\p{N}_'-]*/u);
    if (word) {
      if (KEYWORDS.has(word[0])) return "keyword";
      if (CONTEXTUAL.has(word[0])) return "atom";
      return "variableName";
    }
    if (stream.match(/^[{}]/)) return "brace";
    if (stream.match(/^[=|,;]/)) return "punctuation";
    stream.next();
    return null;
  },
  languageData: { commentTokens: { line: "#" } },
});

// Colours of the Okabe-Ito palette (as the board's marks), darkened where
// needed to read on white; keywords bold too, so that no colour alone
// tells them apart.
const highlight = HighlightStyle.define([
  { tag: tags.keyword, color: "#005a8c", fontWeight: "bold" },
  { tag: tags.atom, color: "#7a3e8c" },
  { tag: tags.string, color: "#00735a" },
  { tag: tags.number, color: "#a8530a" },
  { tag: tags.comment, color: "#6b6b6b", fontStyle: "italic" },
  { tag: tags.brace, fontWeight: "bold" },
]);

// An editor in PARENT holding TEXT; ONCHANGE(text) after each change.
export function createEditor(parent, text, onChange) {
  let quiet = false; // (setText's change is the page's own: not an edit)
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: text,
      extensions: [
        lineNumbers(), highlightActiveLineGutter(), highlightSpecialChars(), history(),
        drawSelection(), bracketMatching(), highlightActiveLine(),
        gameLanguage, syntaxHighlighting(highlight), lintGutter(), EditorView.lineWrapping,
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        EditorView.updateListener.of((u) => { if (u.docChanged && !quiet) onChange(u.state.doc.toString()); }),
        EditorView.contentAttributes.of({ "aria-label": "game text", spellcheck: "false" }),
      ],
    }),
  });
  return {
    view,
    text: () => view.state.doc.toString(),
    // Replaces the whole text (no change is reported for it).
    setText(t) {
      quiet = true;
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: t } });
      quiet = false;
    },
    // DIAGS: [{line, col, width, severity ("error" or "warning"), message}],
    // line and column (in characters) as rimau check counts them, 1 first.
    setDiagnostics(diags) {
      const doc = view.state.doc;
      const list = diags.map((d) => {
        const line = doc.line(Math.min(Math.max(d.line, 1), doc.lines));
        const from = line.from + offsetOf(line.text, d.col - 1);
        const to = Math.min(line.to, line.from + offsetOf(line.text, d.col - 1 + Math.max(d.width, 1)));
        return { from, to: Math.max(to, from), severity: d.severity, message: d.message };
      });
      view.dispatch(setDiagnostics(view.state, list));
    },
    // Puts the cursor at LINE, COL and shows it.
    goTo(lineNo, col) {
      const doc = view.state.doc;
      const line = doc.line(Math.min(Math.max(lineNo, 1), doc.lines));
      const at = line.from + offsetOf(line.text, col - 1);
      view.dispatch({ selection: { anchor: at }, scrollIntoView: true });
      view.focus();
    },
  };
}

// The offset in TEXT (UTF-16 units) of its N-th character (code point), or
// its end.
function offsetOf(text, n) {
  let at = 0;
  for (let i = 0; i < n && at < text.length; i++) at += text.codePointAt(at) > 0xffff ? 2 : 1;
  return at;
}
