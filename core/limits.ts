/** Business constants and limits (spec §9), shared by server schemas, the web app and the CLI. */
export const ITEM_SEARCH_BOX_THRESHOLD = 9;
/** The longest search keyword (item/info, item/search, search/all, the MCP search tool). */
export const MAX_KEYWORD_LENGTH = 200;
export const RECYCLE_RETENTION_DAYS = 30;
export const DRAFT_AUTOSAVE_SECONDS = 30;
export const SPREADSHEET_DRAFT_SECONDS = 30;
export const LOCK_RENEW_SECONDS = 180;
/** `lock_to` value that releases a lock (any past time would do; 1000 is what clients send). */
export const LOCK_RELEASE_VALUE = 1000;
/** How long a lock lasts when the client does not say. */
export const LOCK_DEFAULT_SECONDS = 300;
export const DEFAULT_PAGE_ORDER = 99;
/** The largest row id: ids are 32-bit integer columns on PostgreSQL (and SQLite keeps them there too). */
export const MAX_ROW_ID = 2147483647;
/** A mock's Mock.js template, as sent (server/commands/mocks/mockTemplate.ts bounds its output too). */
export const MOCK_TEMPLATE_MAX_BYTES = 100 * 1024;
/** Catalog levels: top catalogs are level 2 (the item is level 1); three levels means 2..4. */
export const CATALOG_TOP_LEVEL = 2;
export const CATALOG_MAX_LEVEL = 4;
export const MAX_CATALOGS_PER_ITEM = 1500;
export const MAX_PAGES_PER_ITEM_OPEN_API = 5000;
export const FILE_LIBRARY_PAGE_SIZE = 5;
export const MY_ATTACHMENTS_PAGE_SIZE = 6;
export const ADMIN_ITEM_PAGE_SIZE = 7;
export const SPREADSHEET_ROWS = 500;
export const SPREADSHEET_ROW_HEIGHT = 25;
export const LONG_PAGE_THRESHOLD = 3000;
export const HTTP_TIMEOUT_MS = 20_000;
export const REDIRECT_AFTER_DANGEROUS_MS = 2000;
export const UNREAD_NOTICE_MS = 10_000;
export const DEFAULT_HISTORY_VERSIONS = 50;
export const ALLOWED_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'gif', 'png', 'bmp', 'webp'] as const;

export const ItemType = { REGULAR: 1, SINGLE_PAGE: 2, READ_ONLY: 3, SPREADSHEET: 4 } as const;
export const MemberGroup = { READ_ONLY: 0, EDIT: 1, MANAGE: 2 } as const;
export const UserGroup = { ADMIN: 1, ORDINARY: 2 } as const;

/** Field length bounds, used by zod schemas and web forms alike. */
export const MAX = {
  username: 50,
  password: 100,
  name: 100,
  email: 200,
  itemName: 100,
  itemDescription: 2000,
  itemDomain: 50,
  catName: 100,
  pageTitle: 200,
  pageContent: 5 * 1024 * 1024,
  templateTitle: 200,
  teamName: 100,
  /** A comment's Markdown. */
  commentContent: 10_000,
  /** The text an inline comment quotes, and the context kept on either side of it. */
  anchorQuote: 2_000,
  anchorContext: 64,
  /** The optional note of a reader's feedback. */
  feedbackNote: 500,
} as const;

/** `items.allow_comment`: who may comment on the item's pages (ShowDoc sends 0/1). */
export const CommentSetting = { OFF: 0, MEMBERS: 1, READERS: 2 } as const;
export const MIN_PASSWORD_LENGTH = 6;
