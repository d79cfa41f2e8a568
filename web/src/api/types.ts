/**
 * Client-side helpers for wire values. The shapes the server presents live in `core/wire.ts`
 * (the presenters return them); what stays here is what has no presenter: the admin settings
 * form, whose keys the server reads from its settings schema.
 */

import type { Id } from '@core/wire';

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

/** Truthy for 1, "1", true (the wire mixes numbers, strings and booleans for flags). */
export const isOn = (v: unknown) => v === true || Number(v) > 0;
