/**
 * The Cypher editor (served as /explorer/assets/explorer-editor.js): CodeMirror 6 with the
 * Cypher mode of @codemirror/legacy-modes for highlighting, line numbers, undo history and
 * Ctrl-Enter (Cmd-Enter) to run.
 */
export const EDITOR_MODULE = `// The Cypher editor.
import { EditorSelection, EditorState } from '@codemirror/state';
import { EditorView, drawSelection, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import {
  StreamLanguage,
  bracketMatching,
  defaultHighlightStyle,
  syntaxHighlighting,
} from '@codemirror/language';
import { cypher } from '@codemirror/legacy-modes/mode/cypher';

/** The nonce the page's CSP allows style elements with (the editor's theme is one). */
function styleNonce() {
  const meta = document.querySelector('meta[name="explorer-style-nonce"]');
  return meta ? meta.getAttribute('content') : '';
}

/** An editor in parent holding doc; onRun() is called on Ctrl-Enter. */
export function createEditor(parent, doc, onRun) {
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc,
      extensions: [
        EditorView.cspNonce.of(styleNonce()),
        lineNumbers(),
        history(),
        drawSelection(),
        highlightActiveLine(),
        bracketMatching(),
        StreamLanguage.define(cypher),
        syntaxHighlighting(defaultHighlightStyle),
        keymap.of([
          { key: 'Mod-Enter', preventDefault: true, run: () => (onRun(), true) },
          ...defaultKeymap,
          ...historyKeymap,
        ]),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ 'aria-label': 'Cypher query' }),
      ],
    }),
  });
  return {
    text: () => view.state.doc.toString(),
    /** Puts the cursor at a 1-based line and column (where an error points) and focuses. */
    focusAt(line, column) {
      const doc = view.state.doc;
      const at = doc.line(Math.min(Math.max(1, line), doc.lines));
      const offset = Math.min(at.from + Math.max(0, column - 1), at.to);
      view.dispatch({ selection: EditorSelection.cursor(offset), scrollIntoView: true });
      view.focus();
    },
  };
}
`;
