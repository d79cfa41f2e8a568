/**
 * Wire types: the shapes of `data` the server's presenters (server/presenters/) return, one home
 * for both sides. Every presenter declares its return type from here, and the web app reads the
 * same types, so a renamed or retyped field fails to compile on both sides instead of drifting.
 * Times are formatted strings (`YYYY-MM-DD HH:mm:ss` in the site's time zone); flags are 0/1.
 */

/** Ids as a caller may send them (route parameters, ShowDoc clients); answers carry numbers. */
export type Id = number | string;
/** ShowDoc's 0/1 flags. */
type Flag = 0 | 1;

// ── users ─────────────────────────────────────────────────────────────────────────────

/** How an account logs in: its own password, or its linked directory entry's. */
export type AuthSource = 'local' | 'ldap';

/** `user/login`, `user/register`: what the client stores as its user info. */
export interface LoginUser {
  uid: number;
  username: string;
  name: string;
  groupid: number;
  avatar: string;
  email: string;
  email_verify: number;
  user_token: string;
}

/** `user/info`. */
export interface UserInfo {
  uid: number;
  username: string;
  name: string;
  email: string;
  email_verify: number;
  groupid: number;
  avatar: string;
  is_sso: number;
  /** 'local' (a Folio password) or 'ldap' (the linked directory entry's password). */
  auth_source: AuthSource;
  /** The address waiting for its mailed verification link to be followed; '' when none. */
  pending_email: string;
  reg_time: string;
  last_login_time: string;
}

/** `adminUser/getList` rows. */
export interface AdminUser {
  uid: number;
  username: string;
  name: string;
  email: string;
  /** 1 when the address is verified (only then it names the user anywhere). */
  email_verify: number;
  auth_source: AuthSource;
  /** The linked directory entry; '' for local accounts. */
  ldap_dn: string;
  groupid: number;
  reg_time: string;
  last_login_time: string;
}

/** `user/allUser` (member picker): nothing private. */
export interface UserOption {
  uid: number;
  username: string;
  name: string;
  value: string;
}

// ── items ─────────────────────────────────────────────────────────────────────────────

/** The fields every item shape shares. The visit password never leaves: `is_private` instead. */
export interface ItemCore {
  item_id: number;
  item_name: string;
  item_description: string;
  item_domain: string;
  item_type: number;
  is_private: Flag;
  is_archived: Flag;
  addtime: string;
  last_update_time: string;
}

/** `item/myList` rows. */
export interface ItemSummary extends ItemCore {
  creator: Flag;
  manage: Flag;
}

/** `item/detail`. */
export interface ItemDetail extends ItemCore {
  uid: number;
  username: string;
  /** The caller may transfer, archive and delete the item (creator or administrator). */
  item_own: boolean;
  /** The item's switches (issue #24), as item/info sends them and item/update takes them. */
  allow_comment: number;
  allow_feedback: number;
  show_watermark: number;
  /** 1: the item's pages are edited live (issue #22); 0: with the edit lock. */
  live_editing: number;
}

/** `item/getKey`, `item/resetKey`. */
export interface ItemToken {
  item_id: number;
  api_key: string;
  api_token: string;
  addtime: string;
}

/** `adminItem/getList` rows. */
export interface AdminItem {
  item_id: number;
  item_name: string;
  item_domain: string;
  uid: number;
  username: string;
  item_type: number;
  is_private: Flag;
  is_archived: Flag;
  is_del: Flag;
  addtime: string;
}

/** Answers of actions that only confirm (`item/delete`, `team/delete`…): ShowDoc's `{ success: true }`. */
export interface Success {
  success: true;
}

/** `item/add`: the new item. */
export interface CreatedItem {
  item_id: number;
}

/** `item/attorn`: the item and its new creator. */
export interface ItemTransfer {
  item_id: number;
  uid: number;
  username: string;
}

/** `item/pwd`: where to go back to (a local path, '' when none). */
export interface ItemPasswordGrant {
  refer_url: string;
}

/** `item/sort`: how many of the caller's items got a position. */
export interface ItemSorted {
  sorted: number;
}

/** A search hit on the wire: no content, an HTML-safe highlighted title and snippet. */
export interface SearchHitView {
  page_id: number;
  item_id: number;
  cat_id: number;
  page_title: string;
  s_number: number;
  addtime: number;
  title_highlight: string;
  snippet: string;
}

/** `item/search`: `total` counts every match, `pages` lists at most the search limit. */
export interface ItemSearch {
  item_id: number;
  item_name: string;
  keyword: string;
  total: number;
  pages: SearchHitView[];
}

/** `search/all`: one page of hits across the caller's items, `total` after the permission filter. */
export interface SearchAll {
  total: number;
  page: number;
  count: number;
  list: (SearchHitView & { item_name: string })[];
}

// ── catalogs and menus ────────────────────────────────────────────────────────────────

/** A catalog's own fields (addtime raw in menus, formatted in catalog lists). */
export interface CatalogFields<T extends number | string = number> {
  cat_id: number;
  cat_name: string;
  item_id: number;
  s_number: number;
  addtime: T;
  parent_cat_id: number;
  level: number;
}

/** `catalog/catListGroup`: nested catalogs, children in `sub` (ShowDoc's key). */
export interface Catalog extends CatalogFields<string> {
  sub: Catalog[];
}

/** `catalog/getPagesBycat`: the live pages directly in one catalog, in menu order. */
export interface CatalogPage {
  page_id: number;
  page_title: string;
  s_number: number;
}

/** `catalog/getDefaultCat`: the catalog a new page goes to (0: the root). */
export interface DefaultCatalog {
  default_cat_id: number;
}

/** `catalog/delete`: how many catalogs and pages went to the recycle bin. */
export interface CatalogDeleted {
  deleted_catalogs: number;
  deleted_pages: number;
}

/** `catalog/batUpdate`: how many catalogs and pages moved or were renamed. */
export interface CatalogTreeChanged {
  catalogs: number;
  pages: number;
}

/** A page in `open/getCatalogTree`, with its content. */
interface OpenTreePage {
  page_id: number;
  cat_id: number;
  page_title: string;
  page_content: string;
  s_number: number;
  author_username: string;
  revision: number;
}

/** A catalog in `open/getCatalogTree`: its pages and sub-catalogs, in display order. */
export interface OpenTreeCatalog extends Omit<CatalogFields, 'item_id' | 'addtime'> {
  pages: OpenTreePage[];
  catalogs: OpenTreeCatalog[];
}

/** `open/getCatalogTree`: ShowDoc's export-style tree, the item root's pages and catalogs. */
export interface OpenCatalogTree {
  pages: OpenTreePage[];
  catalogs: OpenTreeCatalog[];
}

/** A page in a menu: never its content. */
export interface MenuPage {
  page_id: number;
  author_uid: number;
  cat_id: number;
  page_title: string;
  s_number: number;
  addtime: number;
  ext_info: string;
  is_draft: 0;
}

/** A catalog in item/info's menu, children in `catalogs`. */
export interface MenuCatalog extends CatalogFields {
  pages: MenuPage[];
  catalogs: MenuCatalog[];
}

export interface Menu {
  pages: MenuPage[];
  catalogs: MenuCatalog[];
}

/** The caller's rights on an item, as flags the web app shows without recomputing them. */
export interface ItemFlags {
  is_login: boolean;
  item_edit: boolean;
  item_manage: boolean;
  ItemPermn: boolean;
  ItemCreator: boolean;
}

/** Everything of `item/info` but the menu: the item, the page to open first, the caller's rights. */
export interface ItemInfoHead extends ItemFlags {
  item_id: number;
  item_domain: string;
  is_archived: number;
  item_name: string;
  item_type: number;
  default_page_id: number;
  default_cat_id2: number;
  default_cat_id3: number;
  default_cat_id4: number;
  unread_count: number;
  current_page_id: number;
  global_param: never[];
  /** 1: tile the reader's name and the date over page content. */
  show_watermark: number;
  /** Who may comment: 0 nobody, 1 members, 2 any logged-in reader (see CommentSetting). */
  allow_comment: number;
  /** 1: "Was this page helpful?" under each page. */
  allow_feedback: number;
  /** 1: pages are edited live over /live (the item's switch, and the site's LIVE_EDITING); 0: with the edit lock. */
  live_editing: number;
  /** Only on a pull-request preview (`docs push --preview NAME`): what it previews and until when. */
  preview?: ItemPreviewInfo;
}

/** A pull-request preview item: its name, its source item and when it expires (ISO time). */
export interface ItemPreviewInfo {
  name: string;
  source_item_id: number;
  expires_at: string;
}

/** `item/info`. With a keyword the menu lists the hits (pages only) and `search_total` counts them all. */
export interface ItemInfo extends ItemInfoHead {
  menu: Menu;
  search_total?: number;
}

// ── pages ─────────────────────────────────────────────────────────────────────────────

/** What a page and each stored version of it share on the wire (times as text). */
export interface PageVersionFields {
  page_id: number;
  item_id: number;
  cat_id: number;
  page_title: string;
  page_content: string;
  s_number: number;
  author_uid: number;
  author_username: string;
  /** How the author wrote it when not in person ("MCP (token 'cursor-laptop')"); '' otherwise. */
  author_via: string;
  revision: number;
  page_comments: string;
  /** For a page, the last modification (`page_addtime` is the creation). */
  addtime: string;
}

/** `page/info`, `page/save`. */
export interface PageInfo extends PageVersionFields {
  page_addtime: string;
  ext_info: string;
  content_hash: string;
  is_del: number;
  is_draft: 0;
  attachment_count: number;
  unique_key: string;
  /** Everyone who wrote this version (a live editing session lists all its writers; else the author). */
  contributors: { uid: number; username: string }[];
}

/** The caller's rights on one page, decided by the server's own rules (`pageRights` in server/policies/item.ts). */
export interface PageRights {
  /** May open the editor and save (edit right in the page's catalog, item not archived). */
  page_edit: boolean;
  /** May delete it (managers any page, editors their own). */
  page_delete: boolean;
}

/** `page/info`: the page and what the caller may do with it. */
export interface PageView extends PageInfo, PageRights {
  /** Open comment threads the caller sees (0 when the item's comments are off). */
  comment_count: number;
}

/** `page/infoByKey`: the shared page without its item and catalog ids, and how to show it (its item's type). */
export interface SharedPageInfo extends Omit<PageInfo, 'item_id' | 'cat_id'> {
  item_type: number;
  /** The item's watermark switch: the share view tiles the date (and the viewer's name when logged in). */
  show_watermark: number;
}

/** `page/history` rows and `page/diff`'s `history_page`. */
export interface PageHistory extends PageVersionFields {
  page_history_id: number;
  /** Everyone who wrote this version (a live editing session lists all its writers; else the author). */
  contributors: { uid: number; username: string }[];
}

/** `page/diff`. */
export interface PageDiff {
  page: PageInfo;
  history_page: PageHistory;
}

/** `recycle/getList` rows. */
export interface RecycleEntry {
  page_id: number;
  item_id: number;
  page_title: string;
  cat_id: number;
  del_by_uid: number;
  del_by_username: string;
  del_time: string;
}

/** `page/isLock`. */
export interface LockInfo {
  lock: Flag;
  is_cur_user: Flag;
  lock_uid: number;
  lock_username: string;
  /** The holder's display name (their login name when they have none): what banners show. */
  lock_name: string;
  lock_to: number;
}

// ── files ─────────────────────────────────────────────────────────────────────────────

/** An entry of a page's attachment list (`page/uploadList`). */
export interface PageAttachment {
  file_id: number;
  display_name: string;
  url: string;
  addtime: string;
  file_type: string;
  file_size_m: number;
}

/** An entry of the file library (my attachments, admin attachments, the editor's file modal). */
export interface LibraryFile extends PageAttachment {
  /** Exact bytes: file_size_m rounds a small file to 0. */
  file_size: number;
  visit_times: number;
  username: string;
  item_id: number;
  page_id: number;
}

/** `page/upload`. */
export interface UploadedFile {
  file_id: number;
  url: string;
  display_name: string;
}

/** `attachment/getMyList`, `attachment/getAllList`. */
export interface FileLibrary {
  list: LibraryFile[];
  total: number;
  used_m: number;
  used_flow_m: number;
  /** Storage quota in MB (0 = none): the listed user's, or on the all-users list the quota per user. */
  quota_m: number;
  /** All-users list (administrators): who stores the most, largest first. */
  top_users?: StorageUser[];
}

/** One user's stored bytes, for the administrators' file library. */
export interface StorageUser {
  uid: number;
  username: string;
  used_m: number;
  file_count: number;
}

// ── members, teams ────────────────────────────────────────────────────────────────────

/** `member/getList` rows; `cat_name` is '' for "all catalogs". */
export interface Member {
  item_member_id: number;
  uid: number;
  username: string;
  name: string;
  addtime: string;
  member_group_id: number;
  cat_id: number;
  cat_name: string;
}

/** `team/getList` rows. */
export interface Team {
  id: number;
  team_name: string;
  uid: number;
  username: string;
  addtime: string;
  memberCount: number;
  itemCount: number;
  team_manage: Flag;
  team_own: Flag;
}

/** `teamMember/getList` rows. */
export interface TeamMember {
  id: number;
  team_id: number;
  member_uid: number;
  member_username: string;
  name: string;
  team_member_group_id: number;
  addtime: string;
}

/** `teamItem/getList` rows. */
export interface TeamItem {
  id: number;
  team_id: number;
  item_id: number;
  item_name: string;
  team_name: string;
  addtime: string;
}

/** `teamItemMember/getList` rows. */
export interface TeamItemMember {
  id: number;
  team_id: number;
  item_id: number;
  member_uid: number;
  member_username: string;
  name: string;
  member_group_id: number;
  cat_id: number;
  cat_name: string;
  addtime: string;
}

/** `teamItem/save`, `teamMember/save`: the saved rows' ids, and the last one as `id`. */
export interface SavedIds {
  id: number | undefined;
  ids: number[];
}

/** `member/save`: the saved memberships, and the last one as `id`. */
export interface SavedMembers {
  id: number | undefined;
  item_member_ids: number[];
}

/** `team/save`: the created or renamed team. */
export interface SavedTeam {
  id: number;
}

/** `team/attorn`: the team, its new owner and how many of its items moved with it. */
export interface TeamTransfer {
  id: number;
  uid: number;
  username: string;
  items: number;
}

// ── notices, templates, mocks ─────────────────────────────────────────────────────────

export interface Notice {
  notice_id: number;
  notice_type: string;
  notice_title: string;
  notice_content: string;
  from_uid: number;
  from_name: string;
  object_type: string;
  object_id: number;
  notice_time: string;
  is_read: Flag;
}

export interface Template {
  id: number;
  template_title: string;
  template_content: string;
  addtime: string;
}

export interface Mock {
  id: number;
  unique_key: string;
  page_id: number;
  item_id: number;
  template: string;
  path: string;
  view_times: number;
  addtime: string;
  last_update_time: string;
}

/** A page of a paged list. */
export interface Paged<T> {
  list: T[];
  total: number;
}

/** `notice/getList`: a page of the caller's notices and how many are unread in all. */
export interface NoticeList extends Paged<Notice> {
  unread_count: number;
}

// ── site settings (administrators) ────────────────────────────────────────────────────

export interface LdapSettings {
  host: string;
  port: number;
  version: number;
  base_dn: string;
  bind_dn: string;
  bind_password: string;
  user_field: string;
}

export interface OssSettings {
  oss_type: 'aliyun' | 'qiniu' | 's3';
  key: string;
  secret: string;
  endpoint: string;
  bucket: string;
  protocol: 'http' | 'https';
  domain: string;
  /** `auto` (guess from the endpoint), `path` (MinIO) or `virtual` (bucket as a sub-domain). */
  addressing: 'auto' | 'path' | 'virtual';
  /** Signing region; empty guesses it from the endpoint. */
  region: string;
}

/** The site settings as stored (server/settings.ts validates them with its schema). */
export interface SiteSettingsValues {
  register_open: number;
  home_page: number;
  home_item: string;
  force_login: number;
  history_version_count?: number;
  /** Storage quota per user in MB; 0 = none. */
  upload_quota_mb: number;
  /** 1 = the MCP server answers at POST /mcp (default), 0 = off. */
  mcp_enabled: number;
  /** 1 = personal access tokens may never expire; 0 = an expiry is required (default). */
  token_never_expire: number;
  site_url: string;
  ldap_open: number;
  ldap_form: LdapSettings;
  oss_open: number;
  oss_setting: OssSettings;
}

/** `adminSetting/loadConfig`: secrets are never sent back, only whether one is stored. */
export interface AdminSettings extends Omit<SiteSettingsValues, 'history_version_count' | 'ldap_form' | 'oss_setting'> {
  history_version_count: number;
  ldap_form: LdapSettings & { bind_password_set: boolean };
  oss_setting: OssSettings & { secret_set: boolean };
}

/** `adminSetting/testLdap`: the directory's URL and how many users its filter finds. */
export interface LdapTestResult {
  url: string;
  users: number;
}

/** `common/homePageSetting`: the public settings the login and home screens need. */
export interface HomePageSetting {
  home_page: number;
  home_item: string;
  register_open: number;
  force_login: number;
  /** Where the "feedback" link points (FEEDBACK_URL); '' for none. */
  feedback_url: string;
}

/** `webhook/*`: one delivery of a webhook's log (server/presenters/webhook.ts). */
export interface WebhookDelivery {
  id: number;
  event: string;
  status: 'pending' | 'retrying' | 'succeeded' | 'failed';
  attempts: number;
  response_status: number | null;
  latency_ms: number | null;
  last_error: string;
  created_at: string;
  finished_at: string;
  next_attempt_at: string;
}

/** `webhook/list|save`: a webhook for its item's managers, with its newest deliveries. */
export interface Webhook {
  id: number;
  item_id: number;
  url: string;
  format: 'json' | 'slack' | 'feishu' | 'dingtalk' | 'wecom';
  events: string[];
  lang: 'en' | 'zh';
  enabled: boolean;
  secret: string;
  /** A DingTalk or Feishu/Lark bot's signing secret is set (the secret itself is never sent back). */
  bot_signing: boolean;
  created_at: string;
  updated_at: string;
  deliveries: WebhookDelivery[];
}

/** One problem strict validation found in an imported OpenAPI file (a JSON pointer and what is wrong). */
interface ImportWarning {
  path: string;
  message: string;
}

/** `import/auto`'s answer. */
export interface ImportAutoResult {
  item_id: number;
  /** The generated password of a new private item (none was sent). */
  item_password?: string;
  /** The API version recorded, when the file is an API description that changed. */
  api_version?: { version_id: number; number: number; summary: { added: number; removed: number; changed: number; breaking: number } };
  /**
   * An OpenAPI file that failed strict validation but was imported: its first problems, and how
   * many in all. A zip: the entries left out for their names (`path`: the entry's name), the rest imported.
   */
  warnings?: ImportWarning[];
  warnings_total?: number;
  /** What the warnings are: `validation` (OpenAPI) or `skipped_entries` (a zip's entries). */
  warnings_kind?: 'validation' | 'skipped_entries';
}

// ── comments and feedback (issue #24) ───────────────────────────────────────────────────

/** A reply inside a thread (`comment/list`); times are epoch seconds, shown in the viewer's zone. */
export interface CommentReply {
  comment_id: number;
  /** Markdown as written: render it with the page pipeline and sanitise it like a page. */
  content: string;
  author_uid: number;
  author_username: string;
  created_at: number;
  updated_at: number;
  can_edit: boolean;
  can_delete: boolean;
}

/** A thread: its first comment, its state and its replies. */
export interface CommentThread extends CommentReply {
  resolved: number;
  /** Username of who resolved it ('' while open). */
  resolved_by: string;
  /** The quoted text is no longer in the page (the anchor keeps the original quote). */
  outdated: boolean;
  /** `{quote, prefix, suffix, occurrence}` of an inline comment (`occurrence`: which of equal quotes, -1 when outdated); null for the whole page. */
  anchor: { quote: string; prefix: string; suffix: string; occurrence: number } | null;
  can_resolve: boolean;
  replies: CommentReply[];
}

export interface CommentList {
  threads: CommentThread[];
  open_count: number;
  resolved_count: number;
  can_comment: boolean;
}

/** `feedback/list`: per page, the counts and the notes (newest first). */
export interface FeedbackList {
  pages: { page_id: number; page_title: string; helpful: number; unhelpful: number; notes: { helpful: number; note: string; created_at: number }[] }[];
}

// ── personal access tokens and the MCP audit (issue #23) ─────────────────────────────────────

/** `token/list` rows. Times as text; '' = never used / never expires. */
export interface AccessTokenInfo {
  token_id: number;
  name: string;
  scope: 'read' | 'write';
  /** [] = all of the user's items. */
  item_ids: number[];
  created_at: string;
  last_used_at: string;
  expires_at: string;
}

/** `token/list`: the caller's tokens and the two site switches that shape the create form. */
export interface AccessTokenList {
  tokens: AccessTokenInfo[];
  mcp_enabled: number;
  token_never_expire: number;
}

/** `adminToken/list` rows: a token and its owner. */
export interface AdminAccessTokenInfo extends AccessTokenInfo {
  username: string;
}

/** `adminToken/list`: every user's tokens (optionally one user's). */
export interface AdminAccessTokenList {
  tokens: AdminAccessTokenInfo[];
}

/** `token/create`: the secret is shown this once. */
export interface CreatedAccessToken {
  token_id: number;
  token: string;
}

/** `mcpAudit/list` rows: one write tool call of the MCP server. */
export interface McpAuditInfo {
  audit_id: number;
  created_at: string;
  /** The same instant in epoch seconds, for the web app to show in the viewer's own zone. */
  created_at_unix: number;
  username: string;
  token_name: string;
  tool: string;
  item_id: number;
  target: string;
  /** 'ok' or the error's message. */
  result: string;
}

/** `mcpAudit/list`: a page of the log, newest first, and the number of rows in all. */
export interface McpAuditPage {
  entries: McpAuditInfo[];
  total: number;
}

/** What `comment/importShowDoc` brought over from a ShowDoc database. */
export interface ShowDocCommentImport {
  threads: number;
  replies: number;
  /** ShowDoc pages with comments that have no page of the same path and title here. */
  unmatched_pages: string[];
}
