import { formatDateTime } from '../../../core/time.ts';
import type { FeedbackList } from '../../../core/wire.ts';
import { PageFeedback } from '../../models/PageFeedback.ts';
import type { Deps } from '../../services.ts';

/**
 * "Was this page helpful?" (issue #24 part 5): one answer per page and reader, which the reader
 * may change; the item's owners read the counts and notes, and export them as CSV.
 */
export interface SaveFeedbackInput {
  page: { page_id: number; item_id: number };
  readerKey: string;
  uid: number;
  helpful: boolean;
  note: string;
}

/** Records or changes the reader's answer (one statement: an upsert on (page_id, reader_key)). */
export async function saveFeedback(deps: Deps, input: SaveFeedbackInput): Promise<{ helpful: number }> {
  const now = deps.now();
  const helpful = input.helpful ? 1 : 0;
  await PageFeedback.knexTable(deps.db)
    .insert({
      item_id: input.page.item_id,
      page_id: input.page.page_id,
      reader_key: input.readerKey,
      uid: input.uid,
      helpful,
      note: input.note,
      created_at: now,
      updated_at: now,
    })
    .onConflict(['page_id', 'reader_key'])
    .merge({ helpful, note: input.note, updated_at: now });
  return { helpful };
}

/** The reader's answer on a page: 1 helpful, 0 not helpful, -1 none yet. */
export async function readerAnswer(deps: Deps, pageId: number, readerKey: string | null): Promise<{ helpful: number; note: string }> {
  const row = readerKey
    ? ((await PageFeedback.knexTable(deps.db).where({ page_id: pageId, reader_key: readerKey }).first('helpful', 'note')) as
        | { helpful: number; note: string }
        | undefined)
    : undefined;
  return row ? { helpful: row.helpful ? 1 : 0, note: row.note } : { helpful: -1, note: '' };
}

/** Per page of the item that has answers: the counts and the notes, newest first; pages by title. */
export async function listFeedback(deps: Deps, itemId: number): Promise<FeedbackList> {
  const rows = (await PageFeedback.knexTable(deps.db)
    .join('pages', 'pages.page_id', 'page_feedback.page_id')
    .where({ 'page_feedback.item_id': itemId, 'pages.is_del': 0 })
    .orderBy('page_feedback.updated_at', 'desc')
    .orderBy('page_feedback.id', 'desc')
    .select('page_feedback.page_id', 'pages.page_title', 'page_feedback.helpful', 'page_feedback.note', 'page_feedback.updated_at')) as {
    page_id: number;
    page_title: string;
    helpful: number;
    note: string;
    updated_at: number | string;
  }[];
  const pages = new Map<number, FeedbackList['pages'][number]>();
  for (const r of rows) {
    let p = pages.get(r.page_id);
    if (!p) pages.set(r.page_id, (p = { page_id: r.page_id, page_title: r.page_title, helpful: 0, unhelpful: 0, notes: [] }));
    if (r.helpful) p.helpful++;
    else p.unhelpful++;
    if (r.note) p.notes.push({ helpful: r.helpful, note: r.note, created_at: Number(r.updated_at) });
  }
  return { pages: [...pages.values()].sort((a, b) => a.page_title.localeCompare(b.page_title)) };
}

/**
 * A cell a spreadsheet would take for a formula (`=`, `+`, `-`, `@`, tab, CR) gets a leading
 * apostrophe: notes are written by anonymous readers and opened by owners in Excel (CSV injection).
 */
const inert = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/** The CSV of `feedback/export`: one row per page with its counts, then one row per note. */
export async function feedbackCsv(list: FeedbackList, timeZone: string): Promise<Buffer> {
  // Loaded on the first export, not at start: most servers never make one.
  const { format } = await import('@fast-csv/format');
  const csv = format({ headers: ['page_id', 'page_title', 'helpful', 'unhelpful', 'note_helpful', 'note', 'note_time'], writeBOM: true });
  const chunks: Buffer[] = [];
  csv.on('data', (c: Buffer) => chunks.push(Buffer.from(c)));
  const done = new Promise<void>((resolve, reject) => {
    csv.on('end', resolve);
    csv.on('error', reject);
  });
  for (const p of list.pages) {
    csv.write([p.page_id, inert(p.page_title), p.helpful, p.unhelpful, '', '', '']);
    for (const n of p.notes)
      csv.write([p.page_id, inert(p.page_title), '', '', n.helpful ? 'yes' : 'no', inert(n.note), formatDateTime(n.created_at, timeZone)]);
  }
  csv.end();
  await done;
  return Buffer.concat(chunks);
}
