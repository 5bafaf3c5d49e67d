// The query panel's SQL editor: CodeMirror 6 with the SQL language of the service's
// dialect, Ctrl/Cmd+Enter to run, colours from the theme's custom properties (so
// light and dark follow the component). Tab is left to focus navigation.

import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { PostgreSQL, SQLite, StandardSQL, sql } from "@codemirror/lang-sql";
import { HighlightStyle, bracketMatching, syntaxHighlighting } from "@codemirror/language";
import { EditorState } from "@codemirror/state";
import { EditorView, drawSelection, highlightActiveLine, keymap, lineNumbers } from "@codemirror/view";
import { tags } from "@lezer/highlight";

const DIALECTS = { sqlite: SQLite, postgres: PostgreSQL };

const highlight = HighlightStyle.define([
  { tag: tags.keyword, color: "var(--_code-keyword)", fontWeight: "600" },
  { tag: [tags.string, tags.special(tags.string)], color: "var(--_code-string)" },
  { tag: [tags.number, tags.bool, tags.null], color: "var(--_code-number)" },
  { tag: [tags.lineComment, tags.blockComment], color: "var(--_code-comment)", fontStyle: "italic" },
  { tag: [tags.typeName, tags.standard(tags.name)], color: "var(--_accent)" },
]);

const look = EditorView.theme({
  "&": { backgroundColor: "var(--_bg)", color: "var(--_fg)", border: "1px solid var(--_border)", borderRadius: "6px" },
  "&.cm-focused": { outline: "2px solid var(--_focus)", outlineOffset: "1px" },
  ".cm-content": { fontFamily: "var(--demo-mono, ui-monospace, Menlo, Consolas, monospace)", fontSize: "0.88rem", caretColor: "var(--_fg)", minHeight: "5.5rem" },
  ".cm-scroller": { maxHeight: "18rem", overflow: "auto" },
  ".cm-gutters": { backgroundColor: "var(--_surface)", color: "var(--_muted)", border: "none", borderRight: "1px solid var(--_border)", borderRadius: "6px 0 0 6px" },
  "&.cm-focused .cm-activeLine": { backgroundColor: "color-mix(in srgb, var(--_accent) 7%, transparent)" },
  ".cm-activeLine": { backgroundColor: "transparent" },
  ".cm-selectionBackground, &.cm-focused .cm-selectionBackground": { backgroundColor: "color-mix(in srgb, var(--_accent) 28%, transparent) !important" },
  ".cm-cursor": { borderLeftColor: "var(--_fg)" },
  ".cm-matchingBracket": { outline: "1px solid var(--_muted)" },
});

/**
 * @param {HTMLElement} parent where the editor goes (inside a shadow root)
 * @param {{doc: string, dialect: string, label: string, onRun: () => void, root: ShadowRoot}} options
 */
export function createSqlEditor(parent, { doc, dialect, label, onRun, root }) {
  const run = () => {
    onRun();
    return true;
  };
  return new EditorView({
    parent,
    root,
    state: EditorState.create({
      doc,
      extensions: [
        lineNumbers(),
        history(),
        drawSelection(),
        highlightActiveLine(),
        bracketMatching(),
        keymap.of([{ key: "Mod-Enter", run, preventDefault: true }, ...defaultKeymap, ...historyKeymap]),
        sql({ dialect: DIALECTS[dialect] ?? StandardSQL, upperCaseKeywords: true }),
        syntaxHighlighting(highlight),
        look,
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ "aria-label": label, "aria-multiline": "true" }),
      ],
    }),
  });
}

export function setDoc(view, text) {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, selection: { anchor: text.length } });
}

export function selectRange(view, [from, to]) {
  view.dispatch({ selection: { anchor: from, head: to }, scrollIntoView: true });
}
