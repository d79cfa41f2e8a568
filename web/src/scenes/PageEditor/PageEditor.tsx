import { lazy, Suspense, useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { Badge } from 'primereact/badge';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { SplitButton } from 'primereact/splitbutton';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { requestFromApiMarkdown, type ApiRequestDraft } from '@core/apiRequest';
import { MAX } from '@core/limits';
import type { PageHistory } from '@core/wire';
import LockBanner, { type LockState } from '../../components/LockBanner/LockBanner.tsx';
import MarkdownEditor, { type MarkdownEditorHandle } from '../../components/MarkdownEditor/MarkdownEditor.tsx';
import MarkdownView from '../../components/MarkdownView/MarkdownView.tsx';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { apiDocTemplate, databaseDocTemplate } from '../../lib/docTemplates.ts';
import { draftKey } from '../../lib/drafts.ts';
import { anchorFromMarkdown, SOURCE_CONTEXT } from '../../lib/markdownText.ts';
import type { CommentAnchor } from '../../api/comment.ts';
import { useWindowWidth } from '../../lib/useWindowWidth.ts';
import { itemPath } from '../../state/links.ts';
import { notify } from '../../state/notify.ts';
import { catalogOptions } from './catalogOptions.ts';
import ConflictDialog from './ConflictDialog.tsx';
import FormatDialog, { type FormatMode } from './FormatDialog.tsx';
import { useDraftAutosave } from './useDraftAutosave.ts';
import { useDraftOffer } from './useDraftOffer.ts';
import { useImageUpload } from './useImageUpload.ts';
import { usePageSave } from './usePageSave.ts';
import { usePreview } from './usePreview.ts';
import { useUnsavedGuard } from './useUnsavedGuard.ts';
import { useEditLock } from './useEditLock.ts';
import { useEditorData, type EditorData, type EditorFields } from './useEditorData.ts';
import { useLivePage } from './useLivePage.ts';
import LiveStatusBadge, { liveCondition } from '../../live/LiveStatusBadge.tsx';
import PresenceBar from '../../live/PresenceBar.tsx';
import { useLiveDoc, type LiveState } from '../../live/useLiveDoc.ts';
import './PageEditor.css';

const HistoryModal = lazy(() => import('../../components/HistoryModal/HistoryModal.tsx'));
const AttachmentsModal = lazy(() => import('../../components/AttachmentsModal/AttachmentsModal.tsx'));
const TemplatesDialog = lazy(() => import('./TemplatesDialog.tsx'));
const SaveTemplateDialog = lazy(() => import('./SaveTemplateDialog.tsx'));
const MockDialog = lazy(() => import('./MockDialog.tsx'));
const EditorCommentDialog = lazy(() => import('./EditorCommentDialog.tsx'));

const HttpTestDialog = lazy(() => import('../../components/HttpTest/HttpTestDialog.tsx'));
/** What the HTTP test tool starts with when the text describes no request yet. */
const BLANK_REQUEST: ApiRequestDraft = { method: 'GET', url: '', headers: [], form: [], body: '' };
const MOBILE_MAX = 1000;
const noop = () => undefined;

interface Props {
  itemId: number;
  pageId: number;
  copyPageId: number;
}

export default function PageEditor({ itemId, pageId, copyPageId }: Props) {
  const { t } = useTranslation('editor');
  const data = useEditorData(itemId, pageId, copyPageId, t('copySuffix'));
  if (data === 'failed') return <div className="pe-failed">{t('loadFailed')}</div>;
  if (!data) return <div className="folio-page-spinner" />;
  if (!data.canEdit) return <ReadOnlyNotice itemId={itemId} pageId={pageId} itemDomain={data.itemDomain} />;
  return <LiveOrClassic itemId={itemId} pageId={pageId} data={data} />;
}

/**
 * An existing page of an item that edits live (issue #22) opens on the shared document, without
 * the lock; otherwise (a new page, `live:false`) the classic editor with its lock and drafts.
 */
function LiveOrClassic({ itemId, pageId, data }: { itemId: number; pageId: number; data: EditorData }) {
  const live = useLiveDoc(pageId, { enabled: pageId > 0, fallbackAfterMs: LIVE_FALLBACK_MS, keepUnsent: true });
  if (live.kind === 'loading') return <div className="folio-page-spinner" />;
  return (
    <EditorForm
      key={live.kind}
      itemId={itemId}
      pageId={pageId}
      data={data}
      live={live.kind === 'live' ? live : null}
      liveUnavailable={live.kind === 'unavailable'}
    />
  );
}

/**
 * How long a live page may take to connect before the editor falls back to the classic lock (a
 * proxy that refuses WebSocket upgrades never connects; a healthy one takes well under a second,
 * a reconnect attempt after a refusal about one).
 */
const LIVE_FALLBACK_MS = 8_000;

/** Instead of an editor whose Save would fail: the caller may read here but not write. */
function ReadOnlyNotice({ itemId, pageId, itemDomain }: { itemId: number; pageId: number; itemDomain: string }) {
  const { t } = useTranslation('editor');
  const navigate = useNavigate();
  const target = `${itemPath({ item_id: itemId, item_domain: itemDomain })}${pageId ? `?page_id=${pageId}` : ''}`;
  return (
    <main className="pe-failed" role="alert">
      <p>
        <i className="pi pi-lock" aria-hidden /> {t(pageId ? 'readOnlyPage' : 'readOnlyItem')}
      </p>
      <Button icon="pi pi-book" label={t(pageId ? 'openPage' : 'openItem')} onClick={() => navigate(target, { replace: true })} />
    </main>
  );
}

type Dialogs = 'history' | 'attachments' | 'templates' | 'saveTemplate' | 'mock' | null;

function EditorForm({
  itemId,
  pageId,
  data,
  live,
  liveUnavailable = false,
}: {
  itemId: number;
  pageId: number;
  data: EditorData;
  live: LiveState | null;
  liveUnavailable?: boolean;
}) {
  const { t, i18n } = useTranslation('editor');
  const navigate = useNavigate();
  const mobile = useWindowWidth() < MOBILE_MAX;
  const editorRef = useRef<MarkdownEditorHandle>(null);
  const [fields, setFields] = useState<EditorFields>(data.initial);
  const [attachmentCount, setAttachmentCount] = useState(data.attachmentCount);
  const [dialog, setDialog] = useState<Dialogs>(null);
  // An inline comment from the editor: offered while text is selected in a saved page.
  const [hasSelection, setHasSelection] = useState(false);
  const [commentAnchor, setCommentAnchor] = useState<CommentAnchor | null>(null);
  const startComment = () => {
    const selection = editorRef.current?.selection(SOURCE_CONTEXT);
    const anchor = selection ? anchorFromMarkdown(selection) : null;
    if (anchor) setCommentAnchor(anchor);
  };
  const [format, setFormat] = useState<FormatMode | null>(null);
  const [httpRequest, setHttpRequest] = useState<ApiRequestDraft | null>(null);
  const key = draftKey(itemId, pageId);
  const lock = useEditLock(pageId, itemId, { takeOnOpen: !live });
  // live: the server's scope decides (read-only while another holds the lock), and nothing is typed before the first sync
  const readOnly = live ? live.mode === 'view' || !live.synced : lock.state.kind === 'other';
  const templatesMenu = useRef<Menu>(null);
  const formatMenu = useRef<Menu>(null);
  useDocumentTitle(fields.title || t('newPage'));
  const itemHome = itemPath({ item_id: itemId, item_domain: data.itemDomain });
  const setField = <K extends keyof EditorFields>(k: K, v: EditorFields[K]) => setFields((f) => ({ ...f, [k]: v }));
  const setContent = useCallback((content: string) => setFields((f) => ({ ...f, content })), []);
  const livePage = useLivePage(live, setContent);
  // live: another's lock comes from the connection (the token's locked_by, then the server's notices)
  const lockState: LockState = live && lock.state.kind !== 'mine' ? (live.lockedBy ? { kind: 'other', holder: live.lockedBy } : { kind: 'none' }) : lock.state;

  const { preview, toggle: togglePreview } = usePreview(fields.content, { mobile, pageId, itemId });
  // The preview scrolls with the editor, at the same fraction of its height.
  const previewRef = useRef<HTMLElement>(null);
  const followEditor = useCallback((fraction: number) => {
    const el = previewRef.current;
    if (el) el.scrollTop = fraction * (el.scrollHeight - el.clientHeight);
  }, []);
  const dirtyRef = useRef(false);
  const { saved, saving, save, conflict, reloadLatest, keepMine, dismissConflict } = usePageSave({
    itemId,
    pageId,
    itemHome,
    data,
    fields,
    setFields,
    readOnly,
    draftKey: key,
    dirtyRef,
    live: live?.session ?? null,
  });
  const metaDirty = fields.title !== saved.title || fields.catId !== saved.catId || fields.sNumber !== saved.sNumber;
  // live: the text is saved by the document itself; what the server has not acknowledged yet is unsaved
  const dirty = live ? (metaDirty && !readOnly) || live.unsynced > 0 : (metaDirty || fields.content !== saved.content) && !readOnly;
  useUnsavedGuard(dirtyRef, dirty);
  useDraftAutosave(key, fields.content, saved.content, !readOnly && !live);
  useDraftOffer(key, data.initial.content, setContent, !live);
  const uploadImages = useImageUpload(itemId, pageId);

  const needsSavedPage = (open: () => void) => () => (pageId > 0 ? open() : notify('warn', t('saveFirst')));
  const goBack = () => navigate(pageId > 0 ? `${itemHome}?page_id=${pageId}` : itemHome);
  const insertBlock = (text: string) => editorRef.current?.insertBlock(text);
  const lang = currentLanguage(i18n.language);

  const restore = async (version: PageHistory) => {
    // live: the server merges the old text into the shared document, which brings it here
    if (!live) setContent(version.page_content);
    await save('stay', { content: version.page_content });
  };

  const catOptions = useMemo(() => catalogOptions(data.catalogs, t('rootCatalog')), [data.catalogs, t]);
  const deferredContent = useDeferredValue(fields.content);

  const templateItems: MenuItem[] = [
    { label: t('templates.apiDoc'), icon: 'pi pi-file', command: () => insertBlock(apiDocTemplate(lang)) },
    { label: t('templates.dbDoc'), icon: 'pi pi-database', command: () => insertBlock(databaseDocTemplate(lang)) },
    { label: t('templates.more'), icon: 'pi pi-list', command: () => setDialog('templates') },
  ];
  const formatItems: MenuItem[] = [
    { label: t('format.jsonTable'), icon: 'pi pi-table', command: () => setFormat('jsonTable') },
    { label: t('format.beautify'), icon: 'pi pi-align-left', command: () => setFormat('beautify') },
    { label: t('format.tsv'), icon: 'pi pi-file-excel', command: () => setFormat('tsv') },
  ];
  const saveItems: MenuItem[] = [
    { label: t('saveAndBack'), icon: 'pi pi-check-circle', command: () => void save('back') },
    { label: t('saveAsTemplate'), icon: 'pi pi-bookmark', command: () => setDialog('saveTemplate') },
  ];

  return (
    <div className={`page-editor${mobile ? ' pe-mobile' : ''}`}>
      <header className="pe-header">
        <Button icon="pi pi-arrow-left" text rounded aria-label={t('back')} tooltip={t('back')} tooltipOptions={{ position: 'bottom' }} onClick={goBack} />
        <InputText
          className="pe-title"
          value={fields.title}
          maxLength={MAX.pageTitle}
          placeholder={t('titlePlaceholder')}
          aria-label={t('title')}
          disabled={readOnly}
          onChange={(e) => setField('title', e.target.value)}
        />
        <Dropdown
          className="pe-catalog"
          value={fields.catId}
          options={catOptions}
          filter={catOptions.length > 8}
          aria-label={t('catalog')}
          placeholder={t('catalog')}
          disabled={readOnly}
          onChange={(e) => setField('catId', Number(e.value))}
        />
        <span className="pe-order" title={t('orderHint')}>
          <InputNumber
            value={fields.sNumber}
            min={0}
            max={1_000_000_000}
            useGrouping={false}
            aria-label={t('order')}
            disabled={readOnly}
            onValueChange={(e) => setField('sNumber', Number(e.value ?? 0))}
          />
        </span>
        <div className="pe-header-actions">
          {live && <PresenceBar people={livePage.people} />}
          {live && <LiveStatusBadge live={live} />}
          {pageId > 0 && (
            <Button icon="pi pi-history" text label={mobile ? undefined : t('history')} aria-label={t('history')} onClick={() => setDialog('history')} />
          )}
          {pageId > 0 && !readOnly && (
            <Button
              icon={lock.state.kind === 'mine' ? 'pi pi-lock-open' : 'pi pi-lock'}
              text
              label={mobile ? undefined : lock.state.kind === 'mine' ? t('lock.cancel') : t('lock.lock')}
              aria-label={lock.state.kind === 'mine' ? t('lock.cancel') : t('lock.lock')}
              onClick={() => void lock.toggle()}
            />
          )}
          <SplitButton
            label={t('save')}
            icon="pi pi-save"
            loading={saving}
            disabled={readOnly}
            onClick={() => void save()}
            model={saveItems}
            buttonProps={{ 'aria-label': t('saveShortcut') } as never}
            menuButtonProps={{ 'aria-label': t('moreSaveOptions') } as never}
          />
        </div>
      </header>
      <div className="pe-tools" role="toolbar" aria-label={t('tools')}>
        <Menu model={templateItems} popup ref={templatesMenu} id="pe-templates-menu" />
        <Button
          icon="pi pi-file"
          text
          size="small"
          label={t('templates.button')}
          aria-haspopup
          aria-controls="pe-templates-menu"
          disabled={readOnly}
          onClick={(e) => templatesMenu.current?.toggle(e)}
        />
        <Menu model={formatItems} popup ref={formatMenu} id="pe-format-menu" />
        <Button
          icon="pi pi-wrench"
          text
          size="small"
          label={t('format.button')}
          aria-haspopup
          aria-controls="pe-format-menu"
          disabled={readOnly}
          onClick={(e) => formatMenu.current?.toggle(e)}
        />
        <span className="pe-attach">
          <Button icon="pi pi-paperclip" text size="small" label={t('attachments')} onClick={needsSavedPage(() => setDialog('attachments'))} />
          {attachmentCount > 0 && <Badge value={attachmentCount} severity="danger" aria-label={t('attachmentCount', { count: attachmentCount })} />}
        </span>
        <Button icon="pi pi-server" text size="small" label={t('mock.button')} disabled={readOnly} onClick={needsSavedPage(() => setDialog('mock'))} />
        <Button
          icon="pi pi-send"
          text
          size="small"
          label={t('httpTest')}
          onClick={() => setHttpRequest(requestFromApiMarkdown(fields.content) ?? BLANK_REQUEST)}
        />
        {pageId > 0 && (
          <Button
            icon="pi pi-comment"
            text
            size="small"
            label={t('comments:commentSelection')}
            disabled={!hasSelection}
            onMouseDown={(e) => e.preventDefault()}
            onClick={startComment}
          />
        )}
        <span className="pe-spacer" />
        <Button
          icon={preview ? 'pi pi-eye-slash' : 'pi pi-eye'}
          text
          size="small"
          label={preview ? t('hidePreview') : t('showPreview')}
          aria-pressed={preview}
          onClick={togglePreview}
        />
      </div>
      <LockBanner state={lockState} otherText={live ? (holder) => t('live:lockedBy', { holder }) : undefined} />
      {live && !live.lost && liveCondition(live).startsWith('offline') && (
        <div className="live-notice" role="alert">
          <i className="pi pi-wifi" aria-hidden /> {t('live:offlineBanner')}
        </div>
      )}
      {liveUnavailable && (
        <div className="live-notice" role="note">
          <i className="pi pi-exclamation-triangle" aria-hidden /> {t('live:unavailable')}
        </div>
      )}
      {live?.lost && (
        <div className="live-notice" role="alert">
          <i className="pi pi-lock" aria-hidden /> {t(`live:lost.${live.lost}`)}
        </div>
      )}
      <div className={`pe-panes${preview ? ' with-preview' : ''}`}>
        <div className="pe-editor-pane">
          <MarkdownEditor
            key={livePage.binding ? 'live' : 'classic'}
            ref={editorRef}
            value={fields.content}
            onChange={livePage.binding ? noop : setContent}
            collab={livePage.binding ?? undefined}
            readOnly={readOnly}
            uploadImages={uploadImages}
            onScrollFraction={followEditor}
            onSelectionChange={setHasSelection}
          />
        </div>
        {preview && (
          <section className="pe-preview" aria-label={t('preview')} ref={previewRef}>
            <MarkdownView source={deferredContent} />
          </section>
        )}
      </div>

      <FormatDialog mode={format} onHide={() => setFormat(null)} onInsert={insertBlock} />
      <ConflictDialog latest={conflict} mine={fields.content} onReload={reloadLatest} onKeepMine={keepMine} onHide={dismissConflict} />
      <Dialog
        header={t('lock.title')}
        visible={!live && lock.state.kind === 'other'}
        onHide={() => navigate(-1)}
        closable={false}
        footer={<Button label={t('common:actions.confirm')} autoFocus onClick={() => (window.history.length > 1 ? navigate(-1) : goBack())} />}
        style={{ width: 'min(420px, 94vw)' }}
      >
        <p role="alert">{lock.state.kind === 'other' ? t('lock.other', { holder: lock.state.holder }) : ''}</p>
      </Dialog>
      <Suspense fallback={null}>
        {dialog === 'history' && <HistoryModal visible onHide={() => setDialog(null)} pageId={pageId} onRestore={readOnly ? undefined : restore} />}
        {dialog === 'attachments' && (
          <AttachmentsModal visible onHide={() => setDialog(null)} pageId={pageId} itemId={itemId} canEdit={!readOnly} onCountChange={setAttachmentCount} />
        )}
        {dialog === 'templates' && <TemplatesDialog visible onHide={() => setDialog(null)} onInsert={insertBlock} />}
        {httpRequest && <HttpTestDialog visible onHide={() => setHttpRequest(null)} itemId={itemId} draft={httpRequest} />}
        {dialog === 'saveTemplate' && <SaveTemplateDialog visible onHide={() => setDialog(null)} defaultTitle={fields.title} content={fields.content} />}
        {dialog === 'mock' && <MockDialog visible onHide={() => setDialog(null)} pageId={pageId} />}
        {commentAnchor && <EditorCommentDialog pageId={pageId} anchor={commentAnchor} onHide={() => setCommentAnchor(null)} />}
      </Suspense>
    </div>
  );
}
