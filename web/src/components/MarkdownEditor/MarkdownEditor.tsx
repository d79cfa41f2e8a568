import { forwardRef, useImperativeHandle, useMemo, useRef } from 'react';
import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { languages } from '@codemirror/language-data';
import { Prec } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import CodeMirror from '@uiw/react-codemirror';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { yCollab, ySyncAnnotation, ySyncFacet, yUndoManagerKeymap } from 'y-codemirror.next';
import type { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { ALLOWED_IMAGE_EXTENSIONS } from '@core/limits';
import { looksLikeTsv, tsvToMarkdownTable } from '../../lib/markdownTables.ts';
import { notify } from '../../state/notify.ts';
import { insertBlock, insertText, prefixLines, TABLE_SNIPPET, wrapSelection } from './editCommands.ts';
import './MarkdownEditor.css';

export interface MarkdownEditorHandle {
  insert(text: string): void;
  insertBlock(text: string): void;
  focus(): void;
  /** The selected Markdown with up to `context` characters of source either side; null when nothing is selected. */
  selection(context: number): { text: string; before: string; after: string } | null;
}

/** A live page (issue #22): the text is the shared Y.Text, cursors come from the awareness. */
export interface CollabBinding {
  text: Y.Text;
  awareness: Awareness | null;
}

interface Props {
  /** The text of a classic editor; with `collab`, the shared text is the editor's. */
  value: string;
  onChange: (value: string) => void;
  collab?: CollabBinding;
  readOnly?: boolean;
  /** Uploads images and resolves with their URLs (in order); failures resolve without a URL. */
  uploadImages: (files: File[]) => Promise<string[]>;
  height?: string;
  /** How far down the text is scrolled, 0 (top) to 1 (bottom): the preview follows it. */
  onScrollFraction?: (fraction: number) => void;
  /** Told whether text is selected, whenever the selection changes (the editor's "Comment" follows it). */
  onSelectionChange?: (selected: boolean) => void;
}

const extensionOf = (name: string) => name.split('.').pop()?.toLowerCase() ?? '';
/** Spec §2: only these image formats are uploaded from paste, drop or the image button. */
function isAllowedImage(file: File): boolean {
  const ext = extensionOf(file.name) || file.type.replace(/^image\//, '');
  return (ALLOWED_IMAGE_EXTENSIONS as readonly string[]).includes(ext === 'jpeg' ? 'jpg' : ext) && file.type.startsWith('image/');
}

/**
 * CodeMirror 6 Markdown editor with a formatting toolbar. Pasted or dropped images are uploaded
 * and inserted as `![](url)`; a pasted spreadsheet selection becomes a Markdown table.
 */
const MarkdownEditor = forwardRef<MarkdownEditorHandle, Props>(function MarkdownEditor(
  { value, onChange, collab, readOnly, uploadImages, height = '100%', onScrollFraction, onSelectionChange },
  ref,
) {
  const { t } = useTranslation('editor');
  const viewRef = useRef<EditorView | null>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const uploadRef = useRef(uploadImages);
  uploadRef.current = uploadImages;
  const scrollRef = useRef(onScrollFraction);
  scrollRef.current = onScrollFraction;
  const selectionRef = useRef(onSelectionChange);
  selectionRef.current = onSelectionChange;

  /**
   * Uploads the allowed images among pasted, dropped or picked files and says which files were
   * refused (an SVG, a PDF…) instead of silently doing nothing. False when no file came.
   */
  const takeFiles = (view: EditorView, list: FileList | null | undefined): boolean => {
    const files = Array.from(list ?? []);
    if (!files.length) return false;
    const refused = files.filter((f) => !isAllowedImage(f));
    if (refused.length) {
      const types = ALLOWED_IMAGE_EXTENSIONS.filter((e) => e !== 'jpeg')
        .map((e) => e.toUpperCase())
        .join(', ');
      notify('warn', t('imageTypeRefused', { count: refused.length, names: refused.map((f) => f.name || f.type).join(', '), types }));
    }
    const allowed = files.filter(isAllowedImage);
    if (allowed.length) void insertImages(view, allowed);
    return true;
  };

  const insertImages = async (view: EditorView, files: File[]) => {
    const urls = await uploadRef.current(files);
    const text = urls.map((url) => `![](${url})`).join('\n');
    if (text) insertText(view, text);
  };

  const extensions = useMemo(
    () => [
      markdown({ base: markdownLanguage, codeLanguages: languages }),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': t('contentLabel') }),
      EditorView.domEventHandlers({
        paste(event, view) {
          if (takeFiles(view, event.clipboardData?.files)) {
            event.preventDefault();
            return true;
          }
          const text = event.clipboardData?.getData('text/plain') ?? '';
          if (looksLikeTsv(text)) {
            event.preventDefault();
            insertBlock(view, tsvToMarkdownTable(text));
            return true;
          }
          return false;
        },
        drop(event, view) {
          if (!event.dataTransfer?.files.length) return false;
          event.preventDefault();
          const at = view.posAtCoords({ x: event.clientX, y: event.clientY });
          if (at != null) view.dispatch({ selection: { anchor: at } });
          return takeFiles(view, event.dataTransfer.files);
        },
      }),
    ],
    [t], // eslint-disable-line react-hooks/exhaustive-deps
  );

  // Live: undo and redo take back only this user's own changes (Yjs undo manager, local origin only).
  // It goes with the shared document, which the live session destroys when it closes.
  const undoManager = useMemo(() => (collab ? new Y.UndoManager(collab.text) : null), [collab]);
  const allExtensions = useMemo(
    () =>
      collab && undoManager ? [...extensions, Prec.high(keymap.of(yUndoManagerKeymap)), yCollab(collab.text, collab.awareness, { undoManager })] : extensions,
    [extensions, collab, undoManager],
  );
  // A live editor starts from the shared text; afterwards the binding keeps both in step.
  const initialCollabText = useMemo(() => collab?.text.toString(), [collab]);

  useImperativeHandle(ref, () => ({
    insert: (text) => viewRef.current && insertText(viewRef.current, text),
    insertBlock: (text) => viewRef.current && insertBlock(viewRef.current, text),
    focus: () => viewRef.current?.focus(),
    selection: (context) => {
      const view = viewRef.current;
      const range = view?.state.selection.main;
      if (!view || !range || range.empty) return null;
      const doc = view.state.doc;
      return {
        text: doc.sliceString(range.from, range.to),
        before: doc.sliceString(Math.max(0, range.from - context), range.from),
        after: doc.sliceString(range.to, Math.min(doc.length, range.to + context)),
      };
    },
  }));

  const run = (fn: (view: EditorView) => void) => () => {
    if (viewRef.current && !readOnly) fn(viewRef.current);
  };
  const tools: Array<{ key: string; icon: string; action: () => void }> = [
    { key: 'bold', icon: 'pi-bold', action: run((v) => wrapSelection(v, '**', '**', t('toolbar.boldText'))) },
    { key: 'italic', icon: 'pi-italic', action: run((v) => wrapSelection(v, '*', '*', t('toolbar.italicText'))) },
    { key: 'heading', icon: 'pi-hashtag', action: run((v) => prefixLines(v, '## ')) },
    { key: 'link', icon: 'pi-link', action: run((v) => wrapSelection(v, '[', '](https://)', t('toolbar.linkText'))) },
    { key: 'image', icon: 'pi-image', action: () => !readOnly && imageInput.current?.click() },
    { key: 'code', icon: 'pi-code', action: run((v) => wrapSelection(v, '\n```\n', '\n```\n', 'code')) },
    { key: 'table', icon: 'pi-table', action: run((v) => insertBlock(v, TABLE_SNIPPET)) },
    { key: 'list', icon: 'pi-list', action: run((v) => prefixLines(v, '- ')) },
    { key: 'quote', icon: 'pi-comment', action: run((v) => prefixLines(v, '> ')) },
    { key: 'hr', icon: 'pi-minus', action: run((v) => insertBlock(v, '\n---\n')) },
  ];

  return (
    <div className="md-editor">
      <div className="md-editor-toolbar" role="toolbar" aria-label={t('toolbar.label')}>
        {tools.map((tool) => (
          <Button
            key={tool.key}
            type="button"
            icon={`pi ${tool.icon}`}
            text
            size="small"
            disabled={readOnly}
            aria-label={t(`toolbar.${tool.key}`)}
            tooltip={t(`toolbar.${tool.key}`)}
            tooltipOptions={{ position: 'bottom', showDelay: 400 }}
            onClick={tool.action}
          />
        ))}
        <input
          ref={imageInput}
          type="file"
          hidden
          accept={ALLOWED_IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',')}
          aria-label={t('toolbar.image')}
          onChange={(e) => {
            if (viewRef.current) takeFiles(viewRef.current, e.target.files);
            e.target.value = '';
          }}
        />
      </div>
      <CodeMirror
        className="md-editor-cm"
        value={collab ? initialCollabText : value}
        height={height}
        extensions={allExtensions}
        editable={!readOnly}
        readOnly={readOnly}
        basicSetup={{ foldGutter: false, highlightActiveLineGutter: false, history: !collab, historyKeymap: !collab }}
        onCreateEditor={(view) => {
          viewRef.current = view;
          // a remote change between the first render and the view's creation: take the shared text
          const shared = collab?.text.toString();
          if (shared !== undefined && shared !== view.state.doc.toString()) {
            view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: shared }, annotations: [ySyncAnnotation.of(view.state.facet(ySyncFacet))] });
          }
          const scroller = view.scrollDOM;
          scroller.addEventListener('scroll', () => {
            const room = scroller.scrollHeight - scroller.clientHeight;
            scrollRef.current?.(room > 0 ? scroller.scrollTop / room : 0);
          });
        }}
        onChange={onChange}
        onUpdate={(update) => {
          if (update.selectionSet) selectionRef.current?.(!update.state.selection.main.empty);
        }}
      />
    </div>
  );
});

export default MarkdownEditor;
