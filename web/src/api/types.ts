/** Wire shapes of spec §3, as the web app reads them. Ids may arrive as strings (ShowDoc style). */
export type Id = number | string;

export interface UserInfo {
  uid: number;
  username: string;
  name?: string;
  email?: string;
  email_verify?: number;
  groupid: number;
  reg_time?: string;
  last_login_time?: string;
  user_token?: string;
}

export interface ItemSummary {
  item_id: Id;
  item_name: string;
  item_description?: string;
  item_domain?: string;
  item_type: Id;
  password?: string;
  is_private?: number | boolean;
  is_archived?: number | string;
  creator?: number | boolean;
  manage?: number | boolean;
  s_number?: number;
}

export interface ItemDetail extends ItemSummary {
  is_archived?: number | string;
  username?: string;
  addtime?: string;
}

export interface MenuPage {
  page_id: Id;
  page_title: string;
  cat_id: Id;
  s_number?: Id;
  addtime?: string;
}

export interface MenuCatalog {
  cat_id: Id;
  cat_name: string;
  parent_cat_id: Id;
  level: Id;
  s_number?: Id;
  pages: MenuPage[];
  catalogs: MenuCatalog[];
}

export interface ItemInfo {
  item_id: Id;
  item_name: string;
  item_domain?: string;
  item_type: Id;
  is_archived?: Id;
  default_page_id?: Id;
  default_cat_id2?: Id;
  default_cat_id3?: Id;
  default_cat_id4?: Id;
  unread_count?: number;
  is_login?: boolean;
  ItemPermn?: boolean;
  ItemCreator?: boolean;
  menu: { pages: MenuPage[]; catalogs: MenuCatalog[] };
  global_param?: unknown;
}

export interface Catalog {
  cat_id: Id;
  cat_name: string;
  parent_cat_id: Id;
  level: Id;
  s_number?: Id;
  sub?: Catalog[];
  pages?: MenuPage[];
}

export interface PageInfo {
  page_id: Id;
  item_id: Id;
  cat_id?: Id;
  page_title: string;
  page_content: string;
  s_number?: Id;
  author_username?: string;
  addtime?: string;
  unique_key?: string;
  attachment_count?: number;
  [extra: string]: unknown;
}

export interface PageHistory {
  page_history_id: Id;
  addtime: string;
  author_username: string;
  page_content: string;
  page_title?: string;
}

export interface Attachment {
  file_id: Id;
  display_name: string;
  url: string;
  addtime?: string;
  file_type?: string;
  file_size_m?: number | string;
  file_size?: number;
  visit_times?: number | string;
  username?: string;
}

export interface AttachmentList {
  list: Attachment[];
  total: number;
  used_m?: number | string;
  used_flow_m?: number | string;
}

export interface Member {
  item_member_id: Id;
  uid?: Id;
  username: string;
  name?: string;
  addtime?: string;
  member_group_id: Id;
  cat_id?: Id;
  cat_name?: string;
}

export interface Team {
  id: Id;
  team_name: string;
  memberCount?: number;
  itemCount?: number;
  uid?: Id;
  username?: string;
  addtime?: string;
}

export interface TeamMember {
  id: Id;
  member_username: string;
  name?: string;
  addtime?: string;
}

export interface TeamItem {
  id: Id;
  team_id: Id;
  item_id: Id;
  item_name: string;
  team_name: string;
  addtime?: string;
}

export interface TeamItemMember {
  id: Id;
  member_username: string;
  name?: string;
  member_group_id: Id;
  cat_id?: Id;
  addtime?: string;
}

export interface Notice {
  notice_id: Id;
  notice_title: string;
  notice_content: string;
  from_name?: string;
  notice_time?: string;
  is_read: Id;
}

export interface Template {
  id: Id;
  template_title: string;
  template_content: string;
  addtime?: string;
}

export interface LockInfo {
  lock: number | boolean;
  is_cur_user: number | boolean;
  lock_username?: string;
}

export interface SiteConfig {
  register_open?: number | string | boolean;
  home_page?: number | string;
  home_item?: Id;
  ldap_open?: number | string | boolean;
  ldap_form?: LdapForm;
  oss_open?: number | string | boolean;
  oss_setting?: OssSetting;
  [extra: string]: unknown;
}

export interface LdapForm {
  host?: string;
  port?: number | string;
  version?: number | string;
  base_dn?: string;
  bind_dn?: string;
  bind_password?: string;
  user_field?: string;
}

export interface OssSetting {
  oss_type?: string;
  key?: string;
  secret?: string;
  endpoint?: string;
  bucket?: string;
  protocol?: string;
  domain?: string;
  /** `auto` (guess from the endpoint), `path` (MinIO) or `virtual` (bucket as a sub-domain). */
  addressing?: string;
  region?: string;
}

export interface AdminUser {
  uid: Id;
  username: string;
  name?: string;
  email?: string;
  groupid: Id;
  reg_time?: string;
  last_login_time?: string;
}

export interface AdminItem {
  item_id: Id;
  item_name: string;
  item_description?: string;
  username?: string;
  password?: string;
  addtime?: string;
  item_type?: Id;
  is_private?: Id;
}

export interface Paged<T> {
  list: T[];
  total: number;
}

/** Truthy for 1, "1", true (the wire mixes numbers, strings and booleans for flags). */
export const isOn = (v: unknown) => v === true || Number(v) > 0;
