import type { Context } from 'koa';
import type { z } from 'zod';
import type { Lang } from '../../core/errors.ts';
import type { Actor } from '../policies/actor.ts';
import type { MenuCache } from '../commands/menu/menuCache.ts';
import type { Services } from '../services.ts';
import type { UploadedFile } from '../storage/upload.ts';

/**
 * What actions receive: the shared services plus the app's per-process caches, which app.ts
 * builds (services.ts stays below the commands that define them).
 */
export interface AppServices extends Services {
  /** item/info's menus and ready answers, per process (MENU_CACHE_MB). */
  menuCache: MenuCache;
}

export interface ActionContext<I> {
  input: I;
  actor: Actor;
  services: AppServices;
  lang: Lang;
  requestId: string;
  ip: string;
  files: UploadedFile[];
  /** All merged raw parameters (path pairs > body > query), for the rare action that needs extras. */
  params: Record<string, unknown>;
  /** Koa context: only for cookies and streaming responses. Business logic never touches it. */
  koa: Context;
}

/**
 * Who may call an action at all. Item-level rights are checked inside by the policies.
 * - public: nobody needs to log in (actor may be a guest or a user)
 * - user: a logged-in user (10102 otherwise)
 * - admin: a logged-in administrator (10103 otherwise)
 */
export type ActionAuth = 'public' | 'user' | 'admin';

export interface ActionDef<S extends z.ZodType = z.ZodType> {
  /** `controller/action` exactly as the spec lists it, e.g. `item/info`. Matched case-insensitively. */
  name: string;
  auth: ActionAuth;
  /**
   * Whether the action changes state. Writes are refused over GET/HEAD and, when the session
   * cookie authenticates them, must prove they come from Folio's own pages (see requestOrigin.ts).
   * Reads stay reachable by GET for ShowDoc's clients, image tags and download links.
   */
  writes: boolean;
  /**
   * false: a personal access token may not call it even for its user (managing tokens: a leaked
   * token must not mint or keep alive others). Administrator actions refuse tokens anyway.
   */
  allowTokens?: boolean;
  input: S;
  handle(ctx: ActionContext<z.output<S>>): Promise<unknown> | unknown;
}

/** Declares an action; the generic keeps `input` typed from the schema. */
export function action<S extends z.ZodType>(def: ActionDef<S>): ActionDef<S> {
  return def;
}

/** A non-envelope answer: files, images, plain text for ShowDoc's shell scripts, redirects. */
export class RawResponse {
  readonly body: unknown;
  readonly opts: { type?: string; status?: number; headers?: Record<string, string>; redirect?: string };
  constructor(body: unknown, opts: RawResponse['opts'] = {}) {
    this.body = body;
    this.opts = opts;
  }
}

export function raw(body: unknown, opts: RawResponse['opts'] = {}): RawResponse {
  return new RawResponse(body, opts);
}
