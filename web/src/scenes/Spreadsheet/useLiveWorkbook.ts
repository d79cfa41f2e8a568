import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { WorkbookInstance } from '@fortune-sheet/react';
import type { Op, Presence, Selection } from '@fortune-sheet/core';
import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import { sheetDocContent, sheetSeeded } from '@core/sheetLive';
import type { SheetOp } from '@core/sheetOps';
import { SheetOpSync } from './sheetOpSync.ts';

/** The awareness field saying which cell a participant is on (FortuneSheet draws it as a coloured box). */
interface CellPresence {
  sheetId: string;
  r: number;
  c: number;
}

/**
 * A FortuneSheet workbook bound to a live sheet document (issue #22): what to open it with, its
 * `onOp` (local edits into the shared op log), and remote ops applied with `applyOp` as they come.
 * A new `version` asks the caller to remount the workbook with `content` (first open, a rebuild
 * after concurrent structural edits, a change of edit mode). Others' selected cells are shown with
 * FortuneSheet's own collaborator boxes; this browser's selection goes into the awareness state.
 */
export function useLiveWorkbook(opts: {
  doc: Y.Doc;
  awareness: Awareness | null;
  synced: boolean;
  editable: boolean;
  workbook: RefObject<WorkbookInstance | null>;
}) {
  const { doc, awareness, synced, editable, workbook } = opts;
  const [opened, setOpened] = useState<{ content: string; version: number } | null>(null);
  const sync = useRef<SheetOpSync | null>(null);
  /** Between a remount being asked and the new workbook mounting, remote ops go into its content instead. */
  const mounting = useRef(true);

  const remount = useCallback(
    (content?: string) => {
      mounting.current = true;
      setOpened((o) => ({ content: content ?? sheetDocContent(doc), version: (o?.version ?? 0) + 1 }));
    },
    [doc],
  );

  useEffect(() => {
    if (!synced) return;
    let started: SheetOpSync | null = null;
    const begin = () => {
      if (started || !sheetSeeded(doc)) return;
      started = new SheetOpSync(doc, {
        apply: (ops) => (mounting.current || !workbook.current ? remount() : workbook.current.applyOp(ops as Op[])),
        rebuild: (content) => remount(content),
      });
      sync.current = started;
      remount(started.start());
    };
    begin();
    // The server seeds before it answers the first sync; this only waits should that ever lag.
    doc.on('update', begin);
    return () => {
      doc.off('update', begin);
      started?.stop();
      sync.current = null;
    };
  }, [doc, synced, remount, workbook]);

  // Allowed to edit or not: FortuneSheet takes it at mount, so the workbook is reopened on the document's sheets.
  const lastEditable = useRef(editable);
  useEffect(() => {
    if (lastEditable.current === editable) return;
    lastEditable.current = editable;
    if (sync.current) remount();
  }, [editable, remount]);

  const onOp = useCallback(
    (ops: Op[]) => {
      if (editable) sync.current?.local(ops as SheetOp[]);
    },
    [editable],
  );

  const afterSelectionChange = useCallback(
    (sheetId: string, selection: Selection) => {
      const r = selection.row?.[0];
      const c = selection.column?.[0];
      if (awareness && typeof r === 'number' && typeof c === 'number') awareness.setLocalStateField('cell', { sheetId, r, c } satisfies CellPresence);
    },
    [awareness],
  );

  /** The callback ref for the workbook: once it is mounted, remote ops go straight to it again. */
  const bind = useCallback(
    (instance: WorkbookInstance | null) => {
      (workbook as { current: WorkbookInstance | null }).current = instance;
      if (instance) mounting.current = false;
    },
    [workbook],
  );

  useCollaboratorBoxes(awareness, workbook, opened?.version ?? 0);

  return { opened, onOp, afterSelectionChange, bind };
}

/** Others' selected cells as FortuneSheet presences (re-added after every remount, removed when they leave). */
function useCollaboratorBoxes(awareness: Awareness | null, workbook: RefObject<WorkbookInstance | null>, version: number) {
  useEffect(() => {
    if (!awareness || !version) return;
    let shown = new Map<string, Presence>();
    const refresh = () => {
      const wb = workbook.current;
      if (!wb) return;
      const next = new Map<string, Presence>();
      for (const [clientId, state] of awareness.getStates()) {
        if (clientId === awareness.clientID) continue;
        const user = (state as { user?: { name?: unknown; color?: unknown } }).user;
        const cell = (state as { cell?: Partial<CellPresence> }).cell;
        if (!user || !cell || typeof cell.sheetId !== 'string' || !Number.isInteger(cell.r) || !Number.isInteger(cell.c)) continue;
        const color = typeof user.color === 'string' && /^#[0-9a-f]{6}$/i.test(user.color) ? user.color : '#64748b';
        next.set(String(clientId), {
          sheetId: cell.sheetId,
          username: String(user.name ?? '').slice(0, 64),
          userId: String(clientId),
          color,
          selection: { r: cell.r!, c: cell.c! },
        });
      }
      const gone = [...shown.values()].filter((p) => !next.has(p.userId!));
      if (gone.length) wb.removePresences(gone.map((p) => ({ username: p.username, userId: p.userId })));
      if (next.size) wb.addPresences([...next.values()]);
      shown = next;
    };
    // After the remount the new workbook is bound on the next frame.
    const frame = requestAnimationFrame(refresh);
    awareness.on('change', refresh);
    return () => {
      cancelAnimationFrame(frame);
      awareness.off('change', refresh);
    };
  }, [awareness, workbook, version]);
}
