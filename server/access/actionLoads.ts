import type { Knex } from 'knex';
import type { Db } from '../db/knex.ts';
import type { Actor } from '../policies/actor.ts';
import type { Services } from '../services.ts';
import { loadReadableCatalog, loadWritableCatalog } from './catalogs.ts';
import {
  loadItem,
  loadItemAlso,
  requireCopy,
  requireEdit,
  requireExport,
  requireManage,
  requireOwn,
  requireVisit,
  requireWholeItemEdit,
  type LoadedItem,
} from './items.ts';
import { assertSiteReadable, loadReadableItem, loadReadablePage, loadWritablePage, requireDeletablePage, type LoadedPage } from './pages.ts';
import { loadTeam, loadTeamMember, requireTeamManage, requireTeamOwn, requireTeamView, type LoadedTeam, type TeamMemberRef } from './teams.ts';

/**
 * The rights an action declares in the route table (`load` on its ActionDef): what the dispatcher
 * loads from the validated input before the handler runs, and the right it needs on it. Each need
 * maps to the access/ check that already decides it, so the error codes are those loaders' own.
 */

/**
 * - read: the site readable to the caller (forced login, 10312), then visit (10303)
 * - visit: visit (10303), without the site's forced login (actions of signed-in callers)
 * - edit: edit (10303 / 10311 archived / 10302)
 * - editAll: edit on the whole item, no catalog restriction (10302)
 * - manage, own: 10303 without visit, 10313 without the right; `write` adds 10311 when archived
 * - export: an editor's role, also on archived and read-only items (10302)
 * - copy: an editor's role on all of the item (10303 / 10302)
 * - exists: loaded (10101 when missing), no right checked: the handler decides with the policies
 */
type ItemNeed = 'read' | 'visit' | 'edit' | 'editAll' | 'manage' | 'own' | 'export' | 'copy' | 'exists';

export interface ItemLoad {
  /** The input field naming the item (an id, or a personalized domain where the schema allows it). */
  param: string;
  need: ItemNeed;
  /** manage/own on a write: refuse an archived item too (10311). */
  write?: boolean;
  /** An empty or 0 field loads nothing (the handler gets null). */
  optional?: boolean;
  /** Scalar subqueries read in the item's own round trip (loadItemAlso), handed over in `also`. */
  also?: (db: Db, actor: Actor) => Partial<Record<string, Knex.QueryBuilder>>;
}

/** read: loadReadablePage (site, visit, catalog restriction); write: loadWritablePage; delete: read, then the page's deleting rule. */
interface PageLoad {
  param: string;
  need: 'read' | 'write' | 'delete';
}

/** One catalog of one item (`param` 0: the item root): read (site, visit, 10101, 10304) or write (edit, 10101, the catalog writable). */
interface CatalogLoad {
  item: string;
  param: string;
  need: 'read' | 'write';
}

export interface TeamLoad {
  param: string;
  need: 'view' | 'manage' | 'own';
  /** An empty or 0 field loads nothing (the handler gets null). */
  optional?: boolean;
}

/** A team member row by its id (10101 when missing), then the right `need` on the team it belongs to, as `team` checks it. */
interface TeamMemberLoad {
  param: string;
  need: TeamLoad['need'];
}

export interface ActionLoads {
  item?: ItemLoad;
  page?: PageLoad;
  catalog?: CatalogLoad;
  team?: TeamLoad;
  teamMember?: TeamMemberLoad;
}

interface LoadedKinds {
  item: LoadedItem;
  page: LoadedPage;
  catalog: LoadedItem;
  team: LoadedTeam;
  /** The member row and its team (with the caller's abilities on it). */
  teamMember: LoadedTeam & { member: TeamMemberRef };
}

/** What the handler receives for a declaration: one loaded row per declared kind (null for an optional item left empty). */
type RowsOf<K extends keyof LoadedKinds, D> = D extends { also: unknown } ? LoadedKinds[K] & { also: Partial<Record<string, unknown>> } : LoadedKinds[K];
export type LoadedFor<L extends ActionLoads> = L extends unknown
  ? { [K in keyof L & keyof LoadedKinds]: L[K] extends { optional: true } ? RowsOf<K, L[K]> | null : RowsOf<K, L[K]> }
  : never;

type Svc = Pick<Services, 'db' | 'secret' | 'now'>;

const itemChecks: Record<Exclude<ItemNeed, 'read'>, (loaded: LoadedItem, write: boolean) => void> = {
  visit: requireVisit,
  edit: requireEdit,
  editAll: requireWholeItemEdit,
  manage: (loaded, write) => requireManage(loaded, { write }),
  own: (loaded, write) => requireOwn(loaded, { write }),
  export: requireExport,
  copy: requireCopy,
  exists: () => undefined,
};

const teamChecks = { view: requireTeamView, manage: requireTeamManage, own: requireTeamOwn };

/** The declared item right on a loaded item (pure: throws the refusal). The permission matrix derives its expectations from it. */
export function checkItemNeed(loaded: LoadedItem, load: Pick<ItemLoad, 'need' | 'write'>): void {
  if (load.need === 'read') requireVisit(loaded);
  else itemChecks[load.need](loaded, !!load.write);
}

/** The declared team right on a loaded team (pure). */
export function checkTeamNeed(loaded: LoadedTeam, need: TeamLoad['need']): void {
  teamChecks[need](loaded);
}

async function loadDeclaredItem(services: Svc, actor: Actor, load: ItemLoad, ref: unknown): Promise<LoadedItem | null> {
  if (load.optional && !ref) return null;
  const idOrDomain = ref as string | number;
  if (load.also) {
    if (load.need === 'read') await assertSiteReadable(services, actor);
    const loaded = await loadItemAlso(services, actor, idOrDomain, load.also(services.db, actor));
    checkItemNeed(loaded, load);
    return loaded;
  }
  if (load.need === 'read') return loadReadableItem(services, actor, idOrDomain);
  const loaded = await loadItem(services, actor, idOrDomain);
  checkItemNeed(loaded, load);
  return loaded;
}

async function loadDeclaredPage(services: Svc, actor: Actor, load: PageLoad, pageId: number): Promise<LoadedPage> {
  if (load.need === 'write') return loadWritablePage(services, actor, pageId);
  const lp = await loadReadablePage(services, actor, pageId);
  if (load.need === 'delete') requireDeletablePage(actor, lp);
  return lp;
}

/**
 * Loads and checks what an action declares, in a fixed order (team, team member, item, catalog, page), from
 * its validated input. Throws the first refusal; answers the loaded rows for the handler.
 */
export async function loadDeclared<L extends ActionLoads>(services: Svc, actor: Actor, loads: L, input: Record<string, unknown>): Promise<LoadedFor<L>> {
  const out: Partial<Record<keyof LoadedKinds, unknown>> = {};
  if (loads.team) {
    const ref = input[loads.team.param] as number | undefined;
    if (loads.team.optional && !ref) out.team = null;
    else {
      const team = await loadTeam(services, actor, ref as number);
      checkTeamNeed(team, loads.team.need);
      out.team = team;
    }
  }
  if (loads.teamMember) {
    const loaded = await loadTeamMember(services, actor, input[loads.teamMember.param] as number);
    checkTeamNeed(loaded, loads.teamMember.need);
    out.teamMember = loaded;
  }
  if (loads.item) out.item = await loadDeclaredItem(services, actor, loads.item, input[loads.item.param]);
  if (loads.catalog) {
    const { item, param, need } = loads.catalog;
    const load = need === 'read' ? loadReadableCatalog : loadWritableCatalog;
    out.catalog = await load(services, actor, input[item] as number, input[param] as number);
  }
  if (loads.page) out.page = await loadDeclaredPage(services, actor, loads.page, input[loads.page.param] as number);
  return out as LoadedFor<L>;
}

/** One line saying what a declaration checks, for docs/actions.md. */
export function describeLoads(loads: ActionLoads | undefined): string {
  if (!loads) return '';
  const parts: string[] = [];
  if (loads.team) parts.push(`team \`${loads.team.param}\`${loads.team.optional ? ' (optional)' : ''}: ${loads.team.need}`);
  if (loads.teamMember) parts.push(`team member \`${loads.teamMember.param}\`: ${loads.teamMember.need} on its team`);
  if (loads.item)
    parts.push(`item \`${loads.item.param}\`${loads.item.optional ? ' (optional)' : ''}: ${loads.item.need}${loads.item.write ? ', not archived' : ''}`);
  if (loads.catalog) parts.push(`catalog \`${loads.catalog.param}\` of item \`${loads.catalog.item}\`: ${loads.catalog.need}`);
  if (loads.page) parts.push(`page \`${loads.page.param}\`: ${loads.page.need}`);
  return parts.join('; ');
}
