import { useCallback, useEffect, useRef, useState, type Dispatch, type MutableRefObject, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ErrorCode } from '@core/errors';
import type { PageInfo } from '@core/wire';
import * as Y from 'yjs';
import type { LiveSession } from '../../live/useLiveDoc.ts';
import { ApiError, call } from '../../api/client.ts';
import { clearDraft, saveDraft } from '../../lib/drafts.ts';
import { savePage, type PageDraft } from '../../lib/savePage.ts';
import { notify } from '../../state/notify.ts';
import type { EditorData, EditorFields } from './useEditorData.ts';

interface Options {
  itemId: number;
  pageId: number;
  /** The item's reader address (with its personalized domain), where "save and back" goes. */
  itemHome: string;
  data: EditorData;
  fields: EditorFields;
  setFields: Dispatch<SetStateAction<EditorFields>>;
  readOnly: boolean;
  draftKey: string;
  /** The unsaved-work guard's flag, cleared before a save navigates away. */
  dirtyRef: MutableRefObject<boolean>;
  /** A live page (issue #22): its shared document, whose text Save sends with the other fields. */
  live?: LiveSession | null;
}

/** A live store bumped the revision between reading it and saving: read it again, this often at most. */
const LIVE_SAVE_TRIES = 5;
/** Someone's keystroke crossed the editor's save: send the editor's text again, this often at most. */
const LIVE_EXACT_TRIES = 5;
/** How long the editor's own typing may take to be acknowledged before a save (offline: longer, and the save fails anyway). */
const ACK_WAIT_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A Yjs state vector as page/save's `live_state` (base64). */
function stateVectorOf(doc: Y.Doc): string {
  let binary = '';
  for (const byte of Y.encodeStateVector(doc)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Resolves once the server has acknowledged everything typed here (or after `ms`). */
async function acknowledged(session: LiveSession, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (session.provider.hasUnsyncedChanges && Date.now() < until) await sleep(25);
}

/**
 * Saves a live page: its title, catalog and order, and the text the editor shows (or, for a
 * history restore, the restored version). The text goes with the state vector of the editor's
 * document, once the server has acknowledged this editor's typing: the server merges it against
 * exactly that state, typing it has not stored yet included (server/live/mergeWrite.ts), so
 * nothing is doubled or removed, and the page is stored as the editor shows it. When the states
 * differ (someone's keystroke crossed the save) the server answers 10310 and the save is sent
 * again. When they keep differing — the page is held by another server process, whose typing not
 * yet stored is not in the stored state this one compares with — the save falls back to sending
 * the stored text at the stored revision: the other fields are saved, the text is stored by the
 * document itself a few seconds later.
 */
async function saveLive(draft: Omit<PageDraft, 'page_content' | 'base_revision'>, content: string | undefined, session: LiveSession): Promise<PageInfo> {
  for (let attempt = 1; attempt <= LIVE_EXACT_TRIES; attempt++) {
    await acknowledged(session, ACK_WAIT_MS);
    try {
      return await savePage(
        { ...draft, page_content: content ?? session.text.toString(), live_state: stateVectorOf(session.doc) },
        { handles: [ErrorCode.STALE_REVISION] },
      );
    } catch (err) {
      if (!(err instanceof ApiError && err.code === ErrorCode.STALE_REVISION)) throw err;
      await sleep(50 * attempt);
    }
  }
  for (let attempt = 1; ; attempt++) {
    const stored = await call('page/info', { page_id: draft.page_id });
    try {
      return await savePage(
        { ...draft, page_content: content ?? stored.page_content ?? '', base_revision: stored.revision },
        { handles: [ErrorCode.STALE_REVISION] },
      );
    } catch (err) {
      if (!(err instanceof ApiError && err.code === ErrorCode.STALE_REVISION) || attempt >= LIVE_SAVE_TRIES) throw err;
    }
  }
}

/**
 * Saving a page against the revision it was loaded at (Ctrl+S or the button), and the conflict
 * when someone saved in between: the user's text goes to the local draft, and the conflict dialog
 * offers the latest version or keeping theirs (spec §4).
 */
export function usePageSave({ itemId, pageId, itemHome, data, fields, setFields, readOnly, draftKey, dirtyRef, live }: Options) {
  const { t } = useTranslation('editor');
  const navigate = useNavigate();
  const [saved, setSaved] = useState<EditorFields>(data.saved);
  const [revision, setRevision] = useState(data.revision);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<PageInfo | null>(null);
  const savingRef = useRef(false);

  const save = useCallback(
    async (then: 'stay' | 'back' = 'stay', override?: Partial<EditorFields>) => {
      if (savingRef.current || readOnly) return;
      savingRef.current = true;
      setSaving(true);
      const toSave = { ...fields, ...override };
      const draft = { page_id: pageId, item_id: itemId, page_title: toSave.title, cat_id: toSave.catId, s_number: toSave.sNumber };
      try {
        const page = live
          ? await saveLive(draft, override?.content, live)
          : await savePage(
              { ...draft, page_content: toSave.content, base_revision: pageId > 0 ? revision : undefined },
              { handles: [ErrorCode.STALE_REVISION] },
            );
        const newId = Number(page.page_id);
        if (!live) clearDraft(draftKey);
        dirtyRef.current = false;
        setSaved(toSave);
        // live: the text comes back through the shared document; only the other fields are set here
        setFields(live ? (f) => ({ ...f, title: toSave.title, catId: toSave.catId, sNumber: toSave.sNumber }) : toSave);
        setRevision(page.revision);
        notify('success', t('saved'));
        if (then === 'back') navigate(`${itemHome}?page_id=${newId}`);
        else if (pageId <= 0) navigate(`/page/edit/${itemId}/${newId}`, { replace: true });
      } catch (err) {
        if (!live && err instanceof ApiError && err.code === ErrorCode.STALE_REVISION) {
          saveDraft(draftKey, toSave.content);
          setConflict(await call('page/info', { page_id: pageId }).catch(() => null));
        }
      } finally {
        savingRef.current = false;
        setSaving(false);
      }
    },
    [fields, setFields, itemId, itemHome, pageId, revision, readOnly, draftKey, dirtyRef, live, navigate, t],
  );

  // Ctrl+S / Cmd+S saves, whatever has the focus.
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void saveRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const reloadLatest = () => {
    if (!conflict) return;
    // the user's text stays in the local draft, offered again next time the page opens
    const fromServer = { ...fields, title: conflict.page_title, content: conflict.page_content ?? '' };
    setSaved(fromServer);
    setFields(fromServer);
    setRevision(conflict.revision);
    setConflict(null);
    notify('info', t('conflict.reloaded'));
  };
  const keepMine = () => {
    if (!conflict) return;
    setRevision(conflict.revision);
    setConflict(null);
    notify('info', t('conflict.kept'));
  };

  return { saved, saving, save, conflict, reloadLatest, keepMine, dismissConflict: () => setConflict(null) };
}
