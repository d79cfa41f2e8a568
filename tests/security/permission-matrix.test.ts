import crypto from 'node:crypto';
import { recordApiVersion } from '../../server/commands/apiChanges/recordApiVersion.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashItemPassword } from '../../server/auth/itemPasswords.ts';
import { createSession } from '../../server/auth/sessions.ts';
import { issueCaptcha } from '../../server/captcha/captchas.ts';
import { storeUpload } from '../../server/commands/files/storeUpload.ts';
import { openPreview } from '../../server/commands/items/previews.ts';
import type { ItemRow } from '../../server/models/Item.ts';
import { createAccessToken } from '../../server/commands/tokens/accessTokens.ts';
import { allActions } from '../../server/routes/index.ts';
import { deriveDeclared, type DerivedRole, type FixtureIds } from './derivedRights.ts';
import { storageOf } from '../../server/storage/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildUser, grantCookieFrom, type User } from '../helpers/factories.ts';

/**
 * The permission matrix: EVERY action of the route table × every role, over real HTTP, compared
 * cell by cell with tests/security/permission-matrix.json: "allow" or the exact error_code the
 * caller must get. A registered action missing from the table fails, a table row naming no
 * registered action fails, any other answer fails.
 *
 * Fixture (one per variant; a fresh one for each call that changes state): a private item
 * (visit password) owned by `creator`, top catalogs A and B (B has B1), pages in A and B, a
 * history row, a share link, a page in the recycle bin, a mock, an open-API key, an attachment
 * bound to page B; members manager (2), editor (1), catEditor (1, catalog A), reader (0),
 * catReader (0, catalog A); a team owned by the creator, bound to the item, with teamEditor
 * (edit, all catalogs) and teamManager (team_member_group_id 2 — he manages the team — whose own
 * row the item's owner limited to read-only in catalog A, issue #20 part 4); a notice and a template of the creator; a spare user `victim`.
 * `granted` proves the visit password with the grant cookie from item/pwd, `itemPwdParam` with
 * ShowDoc's plaintext `_item_pwd`. Variants: `…Public` (no password), `…Archived`, `…ReadOnly`
 * (item type 3).
 *
 * Open-API and sync actions are authorised by the item's api_key/api_token, which every caller
 * sends: the role does not matter there, the item's state does.
 *
 * Where the route table declares the action's rights (`load`) or its auth level refuses the role,
 * the expected answer is derived from the declaration and the policies (derivedRights.ts); the JSON
 * cell must agree with it, and gives only what the handler itself decides.
 *
 * MATRIX_RECORD=1 writes the answers into the JSON (MATRIX_ONLY=a/b,c/d limits that to some rows)
 * to add rows; review every recorded cell against the spec before committing it.
 */
type Expected = 'allow' | number;
const TABLE_FILE = new URL('./permission-matrix.json', import.meta.url);
const table = JSON.parse(fs.readFileSync(TABLE_FILE, 'utf8')) as Record<string, Record<string, Expected> | string>;
const ITEM_PASSWORD = 'matrix pw 1';

type Variant = 'private' | 'public' | 'archived' | 'readonly';
type Who =
  | 'admin'
  | 'creator'
  | 'manager'
  | 'editor'
  | 'teamEditor'
  | 'teamManager'
  | 'catEditor'
  | 'reader'
  | 'catReader'
  | 'stranger'
  | 'anonymous'
  | 'granted'
  | 'itemPwdParam';
const ROLES: Record<string, { who: Who; variant: Variant }> = {
  admin: { who: 'admin', variant: 'private' },
  creator: { who: 'creator', variant: 'private' },
  manager: { who: 'manager', variant: 'private' },
  editor: { who: 'editor', variant: 'private' },
  teamEditor: { who: 'teamEditor', variant: 'private' },
  catEditor: { who: 'catEditor', variant: 'private' },
  reader: { who: 'reader', variant: 'private' },
  catReader: { who: 'catReader', variant: 'private' },
  stranger: { who: 'stranger', variant: 'private' },
  anonymous: { who: 'anonymous', variant: 'private' },
  granted: { who: 'granted', variant: 'private' },
  itemPwdParam: { who: 'itemPwdParam', variant: 'private' },
  strangerPublic: { who: 'stranger', variant: 'public' },
  anonymousPublic: { who: 'anonymous', variant: 'public' },
  creatorArchived: { who: 'creator', variant: 'archived' },
  managerArchived: { who: 'manager', variant: 'archived' },
  editorArchived: { who: 'editor', variant: 'archived' },
  creatorReadOnly: { who: 'creator', variant: 'readonly' },
  editorReadOnly: { who: 'editor', variant: 'readonly' },
  teamManager: { who: 'teamManager', variant: 'private' },
};

/** The derivation's ids (FixtureIds) and everything else the matrix's calls name. */
interface Fixture extends FixtureIds {
  pageDeleted: number;
  historyId: number;
  shareKey: string;
  readerMemberId: number;
  teamItemId: number;
  teamItemMemberId: number;
  /** teamManager's own row in the item: read-only, catalog A. */
  teamManagerItemMemberId: number;
  noticeId: number;
  templateId: number;
  fileId: number;
  fileSign: string;
  apiKey: string;
  apiToken: string;
  victim: { uid: number; username: string };
  webhookId: number;
  /** A comment thread on page B written by `editor`. */
  commentId: number;
}

let t: TestServer;
let users: Record<Exclude<Who, 'anonymous' | 'granted' | 'itemPwdParam'> | 'target', User>;
let passwordHash: string;
let tmpDir: string;

interface Upload {
  field?: string;
  filename: string;
  bytes: string | Buffer;
  type?: string;
}
interface Call {
  params: (fx: Fixture, me: User | null) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** The call changes state: give it a fresh fixture. */
  mutates?: boolean;
  /** Route name when the table key is a variant (`item/add#copy`). */
  route?: string;
  /** Sent as multipart with this file. */
  upload?: Upload;
  /** The call ends the caller's session: use a session of its own. */
  ownSession?: boolean;
}

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d3b1f40000000049454e44ae426082',
  'hex',
);
const keyOf = (fx: Fixture) => ({ api_key: fx.apiKey, api_token: fx.apiToken });
const mine = (me: User | null) => ({ password: me?.password ?? 'x' });
let seq = 0;
const unique = (p: string) => `${p}${++seq}_${Math.random().toString(36).slice(2, 6)}`;
const captchaParams = async () => {
  const c = await issueCaptcha(t.services);
  return { captcha_id: c.captchaId, v_code: c.code };
};

const CALLS: Record<string, Call> = {
  // user and common
  'user/login': { params: async () => ({ username: users.target.username, password: users.target.password, ...(await captchaParams()) }) },
  'user/register': { params: async () => ({ username: unique('reg'), password: 'secret-12', confirm_password: 'secret-12', ...(await captchaParams()) }) },
  'user/logout': { ownSession: true, params: () => ({}) },
  'user/info': { params: () => ({}) },
  'user/updateInfo': { params: () => ({ name: 'Matrix name' }) },
  'user/resetPassword': { params: (_fx, me) => ({ password: me?.password ?? 'x', new_password: me?.password ?? 'x' }) },
  'user/updateEmail': { params: (_fx, me) => ({ email: `${unique('m')}@example.com`, ...mine(me) }) },
  'user/resetPasswordEmail': { params: async () => ({ email: 'nobody@example.com', ...(await captchaParams()) }) },
  'user/resetPasswordByUrl': { params: (fx) => ({ new_password: 'secret-12', uid: fx.victim.uid, email: 'v@example.com', token: 'forged' }) },
  // No SMTP here: every user gets 10101 (nothing waits for verification / mail not configured).
  'user/resendEmailVerification': { params: () => ({}) },
  'user/verifyEmail': { params: () => ({ token: 'forged' }) },
  'user/allUser': { params: () => ({ username: 'user' }) },
  'common/verify': { params: () => ({}) },
  'common/createCaptcha': { params: () => ({}) },
  'common/showCaptcha': { params: async () => ({ captcha_id: (await issueCaptcha(t.services)).captchaId }) },
  'common/homePageSetting': { params: () => ({}) },
  'common/qrcode': { params: () => ({ url: 'https://example.com/', size: 100 }) },
  'scriptCron/run': { params: () => ({}) },
  'update/checkDb': { params: () => ({}) },
  // items
  'item/add': { params: () => ({ item_name: 'Matrix new' }) },
  'item/add#copy': { route: 'item/add', params: (fx) => ({ item_name: 'Matrix copy', copy_item_id: fx.item_id }) },
  'item/update': { mutates: true, params: (fx) => ({ item_id: fx.item_id, item_description: 'changed' }) },
  'item/detail': { params: (fx) => ({ item_id: fx.item_id }) },
  'item/getKey': { params: (fx) => ({ item_id: fx.item_id }) },
  'item/resetKey': { mutates: true, params: (fx) => ({ item_id: fx.item_id }) },
  'item/myList': { params: () => ({}) },
  'item/sort': { mutates: true, params: (fx) => ({ data: JSON.stringify({ [fx.item_id]: 1 }) }) },
  'item/delete': { mutates: true, params: (fx, me) => ({ item_id: fx.item_id, ...mine(me) }) },
  'item/archive': { mutates: true, params: (fx, me) => ({ item_id: fx.item_id, ...mine(me) }) },
  'item/attorn': { mutates: true, params: (fx, me) => ({ item_id: fx.item_id, username: users.target.username, ...mine(me) }) },
  'item/exitItem': { mutates: true, params: (fx) => ({ item_id: fx.item_id }) },
  'item/pwd': { params: (fx) => ({ item_id: fx.item_id, password: ITEM_PASSWORD }) },
  'item/info': { params: (fx) => ({ item_id: fx.item_id }) },
  'item/search': { params: (fx) => ({ item_id: fx.item_id, keyword: 'body' }) },
  'search/all': { params: () => ({ keyword: 'body' }) },
  // members and teams
  'member/getList': { params: (fx) => ({ item_id: fx.item_id }) },
  'member/save': { mutates: true, params: (fx) => ({ item_id: fx.item_id, username: users.target.username, member_group_id: 0 }) },
  'member/delete': { mutates: true, params: (fx) => ({ item_id: fx.item_id, item_member_id: fx.readerMemberId }) },
  // webhooks (manage rights)
  'webhook/list': { params: (fx) => ({ item_id: fx.item_id }) },
  'webhook/save': { mutates: true, params: (fx) => ({ item_id: fx.item_id, url: 'https://example.com/folio-hook', events: 'page.created' }) },
  'webhook/delete': { mutates: true, params: (fx) => ({ item_id: fx.item_id, id: fx.webhookId }) },
  'webhook/test': { mutates: true, params: (fx) => ({ item_id: fx.item_id, id: fx.webhookId }) },
  // comments and feedback (issue #24); the thread on page B is the editor's
  'comment/list': { params: (fx) => ({ page_id: fx.pageB, status: 'all' }) },
  'comment/save': {
    mutates: true,
    params: (fx) => ({ page_id: fx.pageB, content: 'Matrix comment', anchor: JSON.stringify({ quote: 'B page', prefix: '', suffix: '' }) }),
  },
  'comment/save#reply': { route: 'comment/save', mutates: true, params: (fx) => ({ page_id: fx.pageB, content: 'Matrix reply', parent_id: fx.commentId }) },
  'comment/save#edit': { route: 'comment/save', mutates: true, params: (fx) => ({ page_id: fx.pageB, content: 'Edited', comment_id: fx.commentId }) },
  'comment/resolve': { mutates: true, params: (fx) => ({ comment_id: fx.commentId, resolved: 1 }) },
  'comment/delete': { mutates: true, params: (fx) => ({ comment_id: fx.commentId }) },
  // ShowDoc's shipped database (no comments yet): what is checked is who may import.
  'comment/importShowDoc': {
    mutates: true,
    upload: { filename: 'showdoc.db.php', bytes: fs.readFileSync(new URL('../fixtures/showdoc-db/showdoc.db.php', import.meta.url)) },
    params: (fx) => ({ item_id: fx.item_id, showdoc_item_id: 1 }),
  },
  'feedback/save': { mutates: true, params: (fx) => ({ page_id: fx.pageB, helpful: 1, note: 'Matrix note' }) },
  'feedback/info': { params: (fx) => ({ page_id: fx.pageB }) },
  'feedback/list': { params: (fx) => ({ item_id: fx.item_id }) },
  'feedback/export': { params: (fx) => ({ item_id: fx.item_id }) },
  'team/getList': { params: () => ({}) },
  'team/save': { mutates: true, params: (fx) => ({ id: fx.teamId, team_name: 'Team renamed' }) },
  'team/save#new': { route: 'team/save', params: () => ({ team_name: 'Another team' }) },
  'team/delete': { mutates: true, params: (fx) => ({ id: fx.teamId }) },
  'team/attorn': { mutates: true, params: (fx, me) => ({ team_id: fx.teamId, username: users.target.username, ...mine(me) }) },
  'teamMember/getList': { params: (fx) => ({ team_id: fx.teamId }) },
  'teamMember/save': { mutates: true, params: (fx) => ({ team_id: fx.teamId, member_username: users.target.username }) },
  'teamMember/delete': { mutates: true, params: (fx) => ({ id: fx.teamMemberId }) },
  'teamItem/getList': { params: (fx) => ({ item_id: fx.item_id }) },
  'teamItem/getListByTeam': { params: (fx) => ({ team_id: fx.teamId }) },
  'teamItem/save': { mutates: true, params: async (fx, me) => ({ item_id: fx.item_id, team_id: me ? await ownTeamOf(me) : fx.teamId }) },
  'teamItem/delete': { mutates: true, params: (fx) => ({ id: fx.teamItemId }) },
  'teamItemMember/getList': { params: (fx) => ({ item_id: fx.item_id, team_id: fx.teamId }) },
  'teamItemMember/save': { mutates: true, params: (fx) => ({ id: fx.teamItemMemberId, member_group_id: 0 }) },
  // A team manager making himself item manager, or lifting his catalog restriction (issue #20, part 4).
  'teamItemMember/save#raise': { route: 'teamItemMember/save', mutates: true, params: (fx) => ({ id: fx.teamManagerItemMemberId, member_group_id: 2 }) },
  'teamItemMember/save#widen': { route: 'teamItemMember/save', mutates: true, params: (fx) => ({ id: fx.teamManagerItemMemberId, cat_id: 0 }) },
  // catalogs and pages
  'catalog/catListGroup': { params: (fx) => ({ item_id: fx.item_id }) },
  'catalog/getPagesBycat': { params: (fx) => ({ item_id: fx.item_id, cat_id: fx.catB }) },
  'catalog/getDefaultCat': { params: (fx) => ({ item_id: fx.item_id, page_id: fx.pageB }) },
  'catalog/save': { mutates: true, params: (fx) => ({ item_id: fx.item_id, cat_id: 0, parent_cat_id: fx.catB, cat_name: 'New sub' }) },
  'catalog/delete': { mutates: true, params: (fx) => ({ item_id: fx.item_id, cat_id: fx.catB1 }) },
  'catalog/batUpdate': {
    mutates: true,
    params: (fx) => ({ item_id: fx.item_id, cats: JSON.stringify([{ cat_id: fx.catB, cat_name: 'B renamed', parent_cat_id: 0, s_number: 1 }]) }),
  },
  'page/info': { params: (fx) => ({ page_id: fx.pageB }) },
  'page/infoByKey': { params: (fx) => ({ page_id: fx.pageB, unique_key: fx.shareKey }) },
  'page/save': {
    mutates: true,
    params: (fx) => ({ page_id: fx.pageB, item_id: fx.item_id, cat_id: fx.catB, page_title: 'B page', page_content: 'edited body' }),
  },
  'page/sort': { mutates: true, params: (fx) => ({ item_id: fx.item_id, pages: JSON.stringify({ [fx.pageB]: 1 }) }) },
  'page/delete': { mutates: true, params: (fx) => ({ page_id: fx.pageB }) },
  'page/history': { params: (fx) => ({ page_id: fx.pageB }) },
  'page/diff': { params: (fx) => ({ page_id: fx.pageB, page_history_id: fx.historyId }) },
  'page/createSinglePage': { mutates: true, params: (fx) => ({ page_id: fx.pageB, isCreateSiglePage: 'true' }) },
  'page/setLock': { mutates: true, params: (fx) => ({ page_id: fx.pageB, item_id: fx.item_id }) },
  'page/isLock': { params: (fx) => ({ page_id: fx.pageB }) },
  // Live co-editing: readers get a view token, so it is page/info's rule.
  'live/token': { params: (fx) => ({ page_id: fx.pageB }) },
  'recycle/getList': { params: (fx) => ({ item_id: fx.item_id }) },
  'recycle/recover': { mutates: true, params: (fx) => ({ item_id: fx.item_id, page_id: fx.pageDeleted }) },
  'mock/add': { mutates: true, params: (fx) => ({ page_id: fx.pageB, template: '{"a":1}' }) },
  'mock/infoByPageId': { params: (fx) => ({ page_id: fx.pageB }) },
  // attachments
  'page/uploadImg': {
    mutates: true,
    upload: { field: 'editormd-image-file', filename: 'pic.png', bytes: PNG, type: 'image/png' },
    params: (fx) => ({ item_id: fx.item_id, page_id: fx.pageB }),
  },
  'attachment/uploadImg': {
    mutates: true,
    upload: { field: 'editormd-image-file', filename: 'pic.png', bytes: PNG, type: 'image/png' },
    params: (fx) => ({ item_id: fx.item_id, page_id: fx.pageB }),
  },
  'page/upload': {
    mutates: true,
    upload: { filename: 'notes.txt', bytes: 'hello', type: 'text/plain' },
    params: (fx) => ({ item_id: fx.item_id, page_id: fx.pageB }),
  },
  'attachment/attachmentUpload': {
    mutates: true,
    upload: { filename: 'notes.txt', bytes: 'hello', type: 'text/plain' },
    params: (fx) => ({ item_id: fx.item_id, page_id: fx.pageB }),
  },
  'page/uploadList': { params: (fx) => ({ page_id: fx.pageB }) },
  'attachment/pageAttachmentUploadList': { params: (fx) => ({ page_id: fx.pageB }) },
  'page/deleteUploadFile': { mutates: true, params: (fx) => ({ file_id: fx.fileId, page_id: fx.pageB }) },
  'attachment/deletePageUploadFile': { mutates: true, params: (fx) => ({ file_id: fx.fileId, page_id: fx.pageB }) },
  'attachment/visitFile': { params: (fx) => ({ sign: fx.fileSign }) },
  'attachment/getMyList': { params: () => ({}) },
  'attachment/getAllList': { params: () => ({}) },
  'attachment/deleteMyAttachment': { mutates: true, params: (fx) => ({ file_id: fx.fileId }) },
  'attachment/deleteAttachment': { mutates: true, params: (fx) => ({ file_id: fx.fileId }) },
  'attachment/bindingPage': { mutates: true, params: (fx) => ({ file_id: fx.fileId, page_id: fx.pageA }) },
  // notices and templates
  'notice/getList': { params: () => ({}) },
  'notice/setRead': { mutates: true, params: (fx) => ({ notice_id: fx.noticeId }) },
  'notice/delete': { mutates: true, params: (fx) => ({ notice_id: fx.noticeId }) },
  'template/getList': { params: () => ({}) },
  'template/getMyList': { params: () => ({}) },
  'template/save': { mutates: true, params: (fx) => ({ id: fx.templateId, template_title: 'Renamed', template_content: 'x' }) },
  'template/delete': { mutates: true, params: (fx) => ({ id: fx.templateId }) },
  // import and export
  'import/auto': {
    upload: {
      filename: 'api.json',
      bytes: JSON.stringify({
        openapi: '3.0.0',
        info: { title: 'Imported', version: '1' },
        paths: { '/ping': { get: { summary: 'Ping', responses: { 200: { description: 'ok' } } } } },
      }),
      type: 'application/json',
    },
    mutates: true,
    params: (fx) => ({ item_id: fx.item_id }),
  },
  'export/word': { params: (fx) => ({ item_id: fx.item_id }) },
  'export/markdown': { params: (fx) => ({ item_id: fx.item_id }) },
  'export/html': { params: (fx) => ({ item_id: fx.item_id }) },
  'export/checkMarkdownLimit': { params: () => ({}) },
  // The fixture item is a document item: whoever may act on it gets 10101 (not a spreadsheet), the rest the refusal.
  'export/xlsx': { params: (fx) => ({ item_id: fx.item_id }) },
  'import/xlsx': {
    upload: {
      filename: 'book.xlsx',
      bytes: fs.readFileSync(new URL('../fixtures/xlsx/gold.xlsx', import.meta.url)),
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    },
    params: (fx) => ({ item_id: fx.item_id }),
  },
  // open API and sync: the item's key is the credential
  'open/updatePage': { mutates: true, params: (fx) => ({ ...keyOf(fx), page_title: 'Open page', page_content: 'via api' }) },
  'open/updateItem': { mutates: true, params: (fx) => ({ ...keyOf(fx), page_title: 'Open page', page_content: 'via api' }) },
  'item/updateByApi': { mutates: true, params: (fx) => ({ ...keyOf(fx), page_title: 'Open page', page_content: 'via api' }) },
  'open/getPage': { params: (fx) => ({ ...keyOf(fx), page_id: fx.pageB }) },
  'open/deletePage': { mutates: true, params: (fx) => ({ ...keyOf(fx), page_id: fx.pageB }) },
  'open/getCatalogTree': { params: (fx) => keyOf(fx) },
  'open/getCatalogTree#wrongToken': { route: 'open/getCatalogTree', params: (fx) => ({ api_key: fx.apiKey, api_token: 'forged' }) },
  'open/createCatalog': { mutates: true, params: (fx) => ({ ...keyOf(fx), cat_name: 'Open cat' }) },
  'open/updateCatalog': { mutates: true, params: (fx) => ({ ...keyOf(fx), cat_id: fx.catB, cat_name: 'Open renamed' }) },
  'open/deleteCatalog': { mutates: true, params: (fx) => ({ ...keyOf(fx), cat_id: fx.catB1 }) },
  'open/fromComments': { mutates: true, params: (fx) => ({ ...keyOf(fx), content: '/**\n * showdoc\n * @catalog Api\n * @title Ping\n * @url /ping\n */' }) },
  'open/updateDbItem': {
    mutates: true,
    params: (fx) => ({
      ...keyOf(fx),
      table_info: 'TABLE_NAME\tTABLE_COMMENT\nusers\tpeople',
      table_detail: 'TABLE_NAME\tCOLUMN_NAME\tCOLUMN_DEFAULT\tIS_NULLABLE\tCOLUMN_TYPE\tCOLUMN_COMMENT\nusers\tuid\tNULL\tNO\tint(11)\tid\n',
      table_index: '',
      cat_name: 'Dictionary',
    }),
  },
  'open/uploadAttachment': {
    mutates: true,
    upload: { filename: 'notes.txt', bytes: 'hello', type: 'text/plain' },
    params: (fx) => ({ ...keyOf(fx), page_id: fx.pageB }),
  },
  'open/deleteAttachment': { mutates: true, params: (fx) => ({ ...keyOf(fx), file_id: fx.fileId }) },
  'sync/tree': { params: (fx) => keyOf(fx) },
  'sync/pages': { params: (fx) => ({ ...keyOf(fx), page_ids: JSON.stringify([fx.pageB]) }) },
  'sync/upload': {
    mutates: true,
    upload: { filename: 'pixel.png', bytes: PNG, type: 'image/png' },
    params: (fx) => ({ ...keyOf(fx), sha256: crypto.createHash('sha256').update(PNG).digest('hex') }),
  },
  'sync/apply': {
    mutates: true,
    params: (fx) => ({ ...keyOf(fx), changes: JSON.stringify([{ op: 'create', cat_path: ['Synced'], title: 'Synced page', content: 'body' }]) }),
  },
  'sync/apiVersions': { params: (fx) => keyOf(fx) },
  // pull-request previews (docs push --preview): whoever holds the item's key, as for sync/apply
  'sync/previewOpen': { mutates: true, params: (fx) => ({ ...keyOf(fx), name: unique('pr-') }) },
  'sync/previews': { params: (fx) => keyOf(fx) },
  'sync/previewDelete': { mutates: true, params: async (fx) => ({ ...keyOf(fx), name: await previewOf(fx) }) },
  // API change history (read rights of the item; a share key of a page of a public item)
  'apiChange/list': { params: (fx) => ({ item_id: fx.item_id }) },
  'apiChange/list#share': { route: 'apiChange/list', params: (fx) => ({ share_key: fx.shareKey }) },
  'apiChange/info': { params: async (fx) => ({ version_id: await apiVersionOf(fx) }) },
  'apiChange/page': { params: (fx) => ({ page_id: fx.pageB }) },
  // administration
  'adminUser/getList': { params: () => ({}) },
  'adminUser/addUser': { params: () => ({ username: unique('added'), password: 'secret-12' }) },
  'adminUser/deleteUser': { mutates: true, params: (fx) => ({ uid: fx.victim.uid }) },
  // An empty ldap_login unties the account: no directory needed.
  'adminUser/linkLdap': { params: (fx) => ({ uid: fx.victim.uid, ldap_login: '' }) },
  'adminUser/checkUpdate': { params: () => ({}) },
  'adminItem/getList': { params: () => ({}) },
  'adminItem/deleteItem': { mutates: true, params: (fx) => ({ item_id: fx.item_id }) },
  'adminItem/attorn': { mutates: true, params: (fx) => ({ item_id: fx.item_id, username: users.target.username }) },
  'adminSetting/loadConfig': { params: () => ({}) },
  'adminSetting/saveConfig': { params: () => ({ register_open: '1' }) },
  // No directory listens on this port: the administrator gets 10011, everyone else the refusal.
  'adminSetting/testLdap': { params: () => ({ ldap_form: { host: '127.0.0.1', port: 9, base_dn: 'dc=example,dc=org', user_field: 'uid' } }) },
  'adminNotice/announce': { params: () => ({ title: 'Maintenance', content: 'Tonight at ten.' }) },
  // personal access tokens and the MCP audit (issue #23): own tokens only, admins any
  'token/list': { params: () => ({}) },
  'token/create': { params: () => ({ name: 'matrix', scope: 'read', expires_days: 30 }) },
  'token/create#item': { route: 'token/create', params: (fx) => ({ name: 'matrix', scope: 'write', item_ids: String(fx.item_id) }) },
  'token/revoke': { mutates: true, params: async (fx, me) => ({ token_id: await tokenOf(me?.uid ?? fx.victim.uid) }) },
  'token/revoke#other': { route: 'token/revoke', mutates: true, params: async (fx) => ({ token_id: await tokenOf(fx.victim.uid) }) },
  'adminToken/list': { params: () => ({}) },
  'adminToken/revoke': { mutates: true, params: async (fx) => ({ token_id: await tokenOf(fx.victim.uid) }) },
  'mcpAudit/list': { params: (fx) => ({ item_id: fx.item_id }) },
  'mcpAudit/list#site': { route: 'mcpAudit/list', params: () => ({}) },
};

/** A fresh personal access token of the user, made through the command token/create uses. */
async function tokenOf(uid: number): Promise<number> {
  return (await createAccessToken(t.services, { uid, name: 'matrix', scope: 'read', itemIds: [], expiresDays: 30 })).id;
}

/** The fixture item's API version (recorded once, directly through the command the imports use). */
async function apiVersionOf(fx: Fixture): Promise<number> {
  const row = (await t.services.db('api_versions').where({ item_id: fx.item_id }).first('version_id')) as { version_id: number } | undefined;
  if (row) return row.version_id;
  const snapshot = { title: 'API', version: '1', operations: [{ method: 'GET', path: '/b', parameters: [], responses: {}, security: [] }] };
  const v = await recordApiVersion(t.services, {
    itemId: fx.item_id,
    stream: '',
    sourceName: 'api.json',
    kind: 'openapi',
    api: { snapshot },
    author: { uid: 0, username: 'API' },
  });
  return v!.version_id;
}

/** A preview of the fixture item, made through the command (for deleting it). */
async function previewOf(fx: Fixture): Promise<string> {
  const source = (await t.services.db('items').where({ item_id: fx.item_id }).first()) as ItemRow;
  const name = unique('pr-');
  await openPreview(t.services, source, name, 3600);
  return name;
}

/** A team the caller owns (for binding it to the fixture item). */
async function ownTeamOf(me: User): Promise<number> {
  const db = t.services.db;
  const found = await db('teams').where({ uid: me.uid }).first('id');
  if (found) return found.id;
  const [row] = await db('teams')
    .insert({ team_name: `Own ${me.username}`, uid: me.uid, username: me.username, addtime: t.services.now() })
    .returning('id');
  return (row as { id: number }).id;
}

/** Builds one fixture item directly in the database (fast; the actions under test do the rest). */
async function buildFixture(variant: Variant): Promise<Fixture> {
  const db = t.services.db;
  const now = t.services.now();
  const creator = users.creator;
  const insertId = async <K extends string>(tableName: string, row: Record<string, unknown>, key: K): Promise<number> =>
    Number(((await db(tableName).insert(row).returning(key))[0] as Record<K, number>)[key]);
  const item_id = await insertId(
    'items',
    {
      item_name: `Matrix ${variant}`,
      uid: creator.uid,
      username: creator.username,
      password_hash: variant === 'public' ? '' : passwordHash,
      item_type: variant === 'readonly' ? 3 : 1,
      is_archived: variant === 'archived' ? 1 : 0,
      addtime: now,
      last_update_time: now,
    },
    'item_id',
  );
  const cat = (name: string, parent = 0, level = 2) => insertId('catalogs', { item_id, cat_name: name, parent_cat_id: parent, level, addtime: now }, 'cat_id');
  const catA = await cat('A');
  const catB = await cat('B');
  const catB1 = await cat('B1', catB, 3);
  const page = (title: string, cat_id: number, is_del = 0) =>
    insertId(
      'pages',
      { item_id, cat_id, page_title: title, page_content: `${title} body`, author_uid: creator.uid, author_username: creator.username, addtime: now, is_del },
      'page_id',
    );
  const pageA = await page('A page', catA);
  const pageB = await page('B page', catB);
  const pageDeleted = await page('Deleted page', catB, 1);
  await db('recycle').insert({
    item_id,
    page_id: pageDeleted,
    page_title: 'Deleted page',
    cat_id: catB,
    del_by_uid: creator.uid,
    del_by_username: creator.username,
    del_time: now,
  });
  const historyId = await insertId(
    'page_history',
    {
      page_id: pageB,
      item_id,
      cat_id: catB,
      page_title: 'B page',
      page_content: 'older body',
      author_uid: creator.uid,
      author_username: creator.username,
      addtime: now,
    },
    'page_history_id',
  );
  const shareKey = `mx${item_id}k${Math.random().toString(36).slice(2, 10)}`;
  await db('single_pages').insert({ unique_key: shareKey, page_id: pageB, expire_time: 0, addtime: now });
  await db('mocks').insert({
    unique_key: `mock${item_id}${Math.random().toString(36).slice(2, 8)}`,
    uid: creator.uid,
    page_id: pageB,
    item_id,
    template: '{}',
    path: '/m',
    addtime: now,
    last_update_time: now,
  });
  const apiKey = `key${item_id}${Math.random().toString(36).slice(2, 10)}`;
  const apiToken = `tok${Math.random().toString(36).slice(2, 14)}`;
  await db('item_tokens').insert({ item_id, api_key: apiKey, api_token: apiToken, addtime: now, last_check_time: 0 });
  const member = (u: User, group: number, cat_id = 0) =>
    insertId('item_members', { item_id, uid: u.uid, username: u.username, member_group_id: group, cat_id, addtime: now }, 'item_member_id');
  await member(users.manager, 2);
  await member(users.editor, 1);
  await member(users.catEditor, 1, catA);
  const readerMemberId = await member(users.reader, 0);
  await member(users.catReader, 0, catA);
  // teamEditor reaches the item only through a team bound to it.
  const teamId = await insertId('teams', { team_name: 'Matrix team', uid: creator.uid, username: creator.username, addtime: now }, 'id');
  const teamMemberId = await insertId(
    'team_members',
    { team_id: teamId, member_uid: users.teamEditor.uid, member_username: users.teamEditor.username, addtime: now },
    'id',
  );
  const teamItemId = await insertId('team_items', { team_id: teamId, item_id, addtime: now }, 'id');
  const teamItemMemberId = await insertId(
    'team_item_members',
    { team_id: teamId, item_id, member_uid: users.teamEditor.uid, member_username: users.teamEditor.username, member_group_id: 1, cat_id: 0, addtime: now },
    'id',
  );
  await insertId(
    'team_members',
    { team_id: teamId, member_uid: users.teamManager.uid, member_username: users.teamManager.username, team_member_group_id: 2, addtime: now },
    'id',
  );
  const teamManagerItemMemberId = await insertId(
    'team_item_members',
    {
      team_id: teamId,
      item_id,
      member_uid: users.teamManager.uid,
      member_username: users.teamManager.username,
      member_group_id: 0,
      cat_id: catA,
      addtime: now,
    },
    'id',
  );
  const noticeId = await insertId(
    'notices',
    { to_uid: creator.uid, from_uid: 0, notice_title: 'Matrix notice', notice_content: 'hello', notice_time: now },
    'notice_id',
  );
  const templateId = await insertId(
    'templates',
    { uid: creator.uid, username: creator.username, template_title: 'Matrix template', template_content: 'tpl', addtime: now },
    'id',
  );
  const filePath = path.join(tmpDir, `f${item_id}.txt`);
  fs.writeFileSync(filePath, 'attached');
  const file = await storeUpload(t.services, await storageOf(t.services), {
    file: { field: 'file', filepath: filePath, originalFilename: 'attached.txt', mimetype: 'text/plain', size: 8 },
    kind: 'attachment',
    uid: creator.uid,
    isAdmin: false,
    itemId: item_id,
    pageId: pageB,
    maxBytes: 1024 * 1024,
  });
  // A loopback target: webhook/test is refused by the SSRF guard at once, without network.
  const webhookId = await insertId(
    'webhooks',
    {
      item_id,
      url: 'http://127.0.0.1:9/hook',
      format: 'json',
      events: '["page.created"]',
      secret: 'whsec_matrix',
      lang: 'en',
      enabled: 0,
      created_at: now,
      updated_at: now,
    },
    'id',
  );
  const commentId = await insertId(
    'page_comments',
    {
      item_id,
      page_id: pageB,
      author_uid: users.editor.uid,
      author_username: users.editor.username,
      content: 'Matrix thread',
      created_at: now,
      updated_at: now,
    },
    'comment_id',
  );
  const victimName = unique('victim');
  const victimUid = await insertId('users', { username: victimName, password_hash: 'x', groupid: 2, reg_time: now }, 'uid');
  return {
    item_id,
    catA,
    catB,
    catB1,
    pageA,
    pageB,
    pageDeleted,
    historyId,
    shareKey,
    readerMemberId,
    teamId,
    teamMemberId,
    teamItemId,
    teamItemMemberId,
    teamManagerItemMemberId,
    noticeId,
    templateId,
    fileId: file.file_id,
    fileSign: file.sign,
    apiKey,
    apiToken,
    victim: { uid: victimUid, username: victimName },
    webhookId,
    commentId,
  };
}

/** What the cell observed: "allow" for success (an envelope with 0, or a file/image/redirect), else the error code. */
async function observe(res: Response): Promise<Expected> {
  const text = await res.text();
  // ShowDoc's shell-script actions answer plain text and put the code in a header.
  const scriptCode = res.headers.get('x-folio-error-code');
  if (scriptCode) return Number(scriptCode);
  if (text === '失败') return -1;
  try {
    const body = JSON.parse(text) as { error_code?: number };
    if (typeof body.error_code === 'number') return body.error_code === 0 ? 'allow' : body.error_code;
  } catch {
    // not an envelope: a file, an image, a document
  }
  return res.status < 400 ? 'allow' : -res.status;
}

async function callAs(role: string, name: string, fx: Fixture): Promise<{ got: Expected; params: Record<string, unknown> }> {
  const params = await CALLS[name]!.params(fx, userOf(role));
  return { got: await send(role, name, fx, { ...params }), params };
}

const userOf = (role: string): User | null => {
  const { who } = ROLES[role]!;
  return who === 'anonymous' || who === 'granted' || who === 'itemPwdParam' ? null : users[who];
};

const defOf = (name: string) => allActions.find((a) => a.name.toLowerCase() === routeOf(name))!;

async function send(role: string, name: string, fx: Fixture, params: Record<string, unknown>): Promise<Expected> {
  const { who } = ROLES[role]!;
  const call = CALLS[name]!;
  const me = userOf(role);
  const headers: Record<string, string> = {};
  if (me) headers['X-API-Token'] = call.ownSession ? (await createSession(t.services, me.uid, 1)).token : me.token;
  if (who === 'granted') {
    const pwd = await t.call('item/pwd', { item_id: fx.item_id, password: ITEM_PASSWORD });
    const cookie = grantCookieFrom(pwd.headers, fx.item_id);
    if (cookie) headers.Cookie = cookie;
  }
  if (who === 'itemPwdParam') params._item_pwd = ITEM_PASSWORD;
  const route = call.route ?? name;
  if (call.upload) {
    const form = new FormData();
    for (const [k, v] of Object.entries(params)) form.set(k, String(v));
    const u = call.upload;
    const part = typeof u.bytes === 'string' ? u.bytes : new Uint8Array(u.bytes);
    form.set(u.field ?? 'file', new Blob([part], { type: u.type ?? 'application/octet-stream' }), u.filename);
    return observe(await t.fetch(`/api/${route}`, { method: 'POST', body: form, headers, redirect: 'manual' }));
  }
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) form.append(k, String(v));
  return observe(await t.fetch(`/api/${route}`, { method: 'POST', body: form, headers, redirect: 'manual' }));
}

const registered = new Set(allActions.map((a) => a.name.toLowerCase()));
const tableActions = Object.keys(table).filter((k) => !k.startsWith('$'));
const routeOf = (name: string) => (CALLS[name]?.route ?? name).toLowerCase();

beforeAll(async () => {
  t = await startTestServer();
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-matrix-'));
  const names = ['admin', 'creator', 'manager', 'editor', 'teamEditor', 'teamManager', 'catEditor', 'reader', 'catReader', 'stranger', 'target'] as const;
  const built = await Promise.all(names.map((n) => buildUser(t, { groupid: n === 'admin' ? 1 : 2 })));
  users = Object.fromEntries(names.map((n, i) => [n, built[i]!])) as typeof users;
  passwordHash = await hashItemPassword(ITEM_PASSWORD);
});
afterAll(async () => {
  await t?.close();
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
});

describe('permission matrix', () => {
  it('has a request for every row and an expectation for every role of every row', () => {
    for (const name of tableActions) {
      expect(CALLS[name], `no request builder for ${name}`).toBeDefined();
      expect(Object.keys(table[name] as object).sort(), name).toEqual(Object.keys(ROLES).sort());
    }
  });

  it('lists every registered action, and only registered actions', () => {
    const covered = new Set(tableActions.map(routeOf));
    const missing = allActions.map((a) => a.name).filter((n) => !covered.has(n.toLowerCase()));
    const unknown = tableActions.filter((n) => !registered.has(routeOf(n)));
    expect({ missing, unknown }, 'tests/security/permission-matrix.json against the route table').toEqual({ missing: [], unknown: [] });
  });

  it('answers every cell exactly as the expected table says', async () => {
    const record = process.env.MATRIX_RECORD === '1';
    const shared = new Map<Variant, Fixture>();
    const mismatches: string[] = [];
    const observed: Record<string, Record<string, Expected>> = {};
    let cells = 0;
    let derivedCells = 0;
    const only = process.env.MATRIX_ONLY?.split(',');
    const names = record ? Object.keys(CALLS).filter((n) => !only || only.includes(n)) : tableActions;
    for (const name of names) {
      const mutates = !!CALLS[name]!.mutates;
      // A refused write changes nothing, so its fixture serves the next role of the same action.
      const untouched = new Map<Variant, Fixture>();
      observed[name] = {};
      for (const [role, spec] of Object.entries(ROLES)) {
        const pool = mutates ? untouched : shared;
        const fx = pool.get(spec.variant) ?? (await buildFixture(spec.variant));
        pool.set(spec.variant, fx);
        const { got, params } = await callAs(role, name, fx);
        if (mutates && got === 'allow') untouched.delete(spec.variant);
        cells++;
        observed[name]![role] = got;
        const listed = (table[name] as Record<string, Expected> | undefined)?.[role];
        const derived = deriveDeclared(defOf(name), ROLES[role] as DerivedRole, params, fx);
        if (derived !== null) derivedCells++;
        if (derived !== null && !record && listed !== derived)
          mismatches.push(`${name} as ${role}: the table says ${listed}, the declared rights and the policies ${derived}`);
        const want = derived ?? listed;
        if (got !== want) mismatches.push(`${name} as ${role}: expected ${want}, got ${got}`);
      }
    }
    console.info(`permission matrix: ${cells} cells checked over ${names.length} rows, ${derivedCells} of them derived from the declared rights`);
    if (record) {
      const merged = Object.fromEntries(
        Object.keys(CALLS)
          .map((n) => [n, observed[n] ?? table[n]])
          .filter(([, v]) => v),
      );
      fs.writeFileSync(TABLE_FILE, `${JSON.stringify({ $comment: table.$comment, ...merged }, null, 1)}\n`);
      return;
    }
    expect(mismatches).toEqual([]);
  }, 1_800_000);
});
