import type { Context } from 'koa';
import type { z } from 'zod';
import type { Contract, OutputOf } from '../../core/api/contract.ts';
import type { Lang } from '../../core/errors.ts';
import type { Actor } from '../policies/actor.ts';
import type { MenuCache } from '../commands/menu/menuCache.ts';
import type { Services } from '../services.ts';
import type { UploadedFile } from '../storage/upload.ts';
import type { ActionLoads, LoadedFor } from '../access/actionLoads.ts';
import type { Precompressed } from '../precompress.ts';

/**
 * What actions receive: the shared services plus the app's per-process caches, which app.ts
 * builds (services.ts stays below the commands that define them).
 */
export interface AppServices extends Services {
  /** item/info's menus and ready answers, per process (MENU_CACHE_MB). */
  menuCache: MenuCache;
}

export interface ActionContext<I, L extends ActionLoads = {}> {
  input: I;
  /** The rows the action's `load` declares, loaded and checked by the dispatcher before `handle` runs. */
  loaded: LoadedFor<L>;
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
 * Who may call an action at all. Item, page, catalog and team rights are declared by `load`.
 * - public: nobody needs to log in (actor may be a guest or a user)
 * - user: a logged-in user (10102 otherwise)
 * - admin: a logged-in administrator (10103 otherwise)
 */
export type ActionAuth = 'public' | 'user' | 'admin';

export interface ActionDef<S extends z.ZodType = z.ZodType, L extends ActionLoads = ActionLoads> {
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
  /**
   * What the action loads from its validated input and the right it needs on it, e.g.
   * `{ item: { param: 'item_id', need: 'manage', write: true } }` (access/actionLoads.ts). The
   * dispatcher loads and checks it before `handle`, which gets the rows in `ctx.loaded`. Actions
   * whose rights depend on more than one row's abilities check them in the handler through access/.
   */
  load?: L;
  handle(ctx: ActionContext<z.output<S>, L>): Promise<unknown> | unknown;
}

/** What a contract's handler writes besides the handler: who may call it, whether it writes, what it loads. */
export type ActionSpec<C extends Contract, L extends ActionLoads> = Omit<ActionDef<C['input'], L>, 'name' | 'input' | 'handle'> & {
  /** Answers the contract's wire type (the envelope's `data`), that answer held ready (item/info's menu cache), or a raw response (files, redirects). */
  handle(ctx: ActionContext<z.output<C['input']>, L>): Promise<OutputOf<C> | Precompressed<OutputOf<C>> | RawResponse>;
};

/**
 * Declares an action from its contract (`core/api/<controller>.ts`): the name and input schema come
 * from the contract, and the handler must answer its output type. The generics keep `input` typed
 * from the schema and `loaded` from `load`.
 */
export function action<C extends Contract, const L extends ActionLoads = {}>(contract: C, spec: ActionSpec<C, L>): ActionDef<C['input'], L> {
  return { ...spec, name: contract.name, input: contract.input } as ActionDef<C['input'], L>;
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
