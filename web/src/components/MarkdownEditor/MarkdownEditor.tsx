import { forwardRef, useImperativeHandle, useMemo, useRef } from 'react';
import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { languages } from '@codemirror/language-data';
import { EditorView } from '@codemirror/view';
import CodeMirror from '@uiw/react-codemirror';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { ALLOWED_IMAGE_EXTENSIONS } from '@core/limits';
import { looksLikeTsv, tsvToMarkdownTable } from '../../lib/markdownTables.ts';
import { insertBlock, insertText, prefixLines, TABLE_SNIPPET, wrapSelection } from './editCommands.ts';
import './MarkdownEditor.css';

export interface MarkdownEditorHandle {
  insert(text: string): void;
  insertBlock(text: string): void;
  focus(): void;
}

interface Props {
  value: string;
  onChange: (value: string) => void;
  readOnly?: boolean;
  /** Uploads images and resolves with their URLs (in order); failures resolve without a URL. */
  uploadImages: (files: File[]) => Promise<string[]>;
  height?: string;
}

const extensionOf = (name: string) => name.split('.').pop()?.toLowerCase() ?? '';
/** Spec §2: only these image formats are uploaded from paste, drop or the image button. */
export function isAllowedImage(file: File): boolean {
  const ext = extensionOf(file.name) || file.type.replace(/^image\//, '');
  return (ALLOWED_IMAGE_EXTENSIONS as readonly string[]).includes(ext === 'jpeg' ? 'jpg' : ext) && file.type.startsWith('image/');
}

/**
 * CodeMirror 6 Markdown editor with a formatting toolbar. Pasted or dropped images are uploaded
 * and inserted as `![](url)`; a pasted spreadsheet selection becomes a Markdown table.
 */
const MarkdownEditor = forwardRef<MarkdownEditorHandle, Props>(function MarkdownEditor({ value, onChange, readOnly, uploadImages, height = '100%' }, ref) {
  const { t } = useTranslation('editor');
  const viewRef = useRef<EditorView | null>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const uploadRef = useRef(uploadImages);
  uploadRef.current = uploadImages;

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
          const files = Array.from(event.clipboardData?.files ?? []).filter(isAllowedImage);
          if (files.length) {
            event.preventDefault();
            void insertImages(view, files);
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
          const files = Array.from(event.dataTransfer?.files ?? []).filter(isAllowedImage);
          if (!files.length) return false;
          event.preventDefault();
          const at = view.posAtCoords({ x: event.clientX, y: event.clientY });
          if (at != null) view.dispatch({ selection: { anchor: at } });
          void insertImages(view, files);
          return true;
        },
      }),
    ],
    [t], // eslint-disable-line react-hooks/exhaustive-deps
  );

  useImperativeHandle(ref, () => ({
    insert: (text) => viewRef.current && insertText(viewRef.current, text),
    insertBlock: (text) => viewRef.current && insertBlock(viewRef.current, text),
    focus: () => viewRef.current?.focus(),
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
            const files = Array.from(e.target.files ?? []).filter(isAllowedImage);
            e.target.value = '';
            if (viewRef.current && files.length) void insertImages(viewRef.current, files);
          }}
        />
      </div>
      <CodeMirror
        className="md-editor-cm"
        value={value}
        height={height}
        extensions={extensions}
        editable={!readOnly}
        readOnly={readOnly}
        basicSetup={{ foldGutter: false, highlightActiveLineGutter: false }}
        onCreateEditor={(view) => {
          viewRef.current = view;
        }}
        onChange={onChange}
      />
    </div>
  );
});

export default MarkdownEditor;
