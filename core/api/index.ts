import type { Contract, InputOf, OutputOf } from './contract.ts';
import * as adminItem from './adminItem.ts';
import * as adminSetting from './adminSetting.ts';
import * as adminUser from './adminUser.ts';
import * as apiChange from './apiChange.ts';
import * as attachment from './attachment.ts';
import * as catalog from './catalog.ts';
import * as comment from './comment.ts';
import * as common from './common.ts';
import * as exportContracts from './export.ts';
import * as feedback from './feedback.ts';
import * as importContracts from './import.ts';
import * as item from './item.ts';
import * as itemAdmin from './itemAdmin.ts';
import * as itemMenu from './itemMenu.ts';
import * as live from './live.ts';
import * as member from './member.ts';
import * as mock from './mock.ts';
import * as notice from './notice.ts';
import * as open from './open.ts';
import * as openFiles from './openFiles.ts';
import * as openScripts from './openScripts.ts';
import * as page from './page.ts';
import * as recycle from './recycle.ts';
import * as scriptCron from './scriptCron.ts';
import * as search from './search.ts';
import * as spreadsheet from './spreadsheet.ts';
import * as sync from './sync.ts';
import * as syncPreview from './syncPreview.ts';
import * as team from './team.ts';
import * as teamItem from './teamItem.ts';
import * as teamItemMember from './teamItemMember.ts';
import * as teamMember from './teamMember.ts';
import * as template from './template.ts';
import * as token from './token.ts';
import * as update from './update.ts';
import * as user from './user.ts';
import * as webhook from './webhook.ts';

/**
 * Every action's contract, by name: the web client and the test client look types up here.
 * A new contract module (one per route file) is imported once and added to `modules`.
 */
const modules = [
  adminItem,
  adminSetting,
  adminUser,
  apiChange,
  attachment,
  catalog,
  comment,
  common,
  exportContracts,
  feedback,
  importContracts,
  item,
  itemAdmin,
  itemMenu,
  live,
  member,
  mock,
  notice,
  open,
  openFiles,
  openScripts,
  page,
  recycle,
  scriptCron,
  search,
  spreadsheet,
  sync,
  syncPreview,
  team,
  teamItem,
  teamItemMember,
  teamMember,
  template,
  token,
  update,
  user,
  webhook,
] as const;

/** Distributes over the modules: `keyof` of a union of modules would keep only the keys they share. */
type ContractsIn<M> = M extends unknown ? Extract<M[keyof M], Contract> : never;
type AnyContract = ContractsIn<(typeof modules)[number]>;

/** `controller/action` of every action with a contract. */
export type ActionName = AnyContract['name'];
export type ContractOf<N extends ActionName> = Extract<AnyContract, { name: N }>;
/** What `name` answers in `data`. */
export type Output<N extends ActionName> = OutputOf<ContractOf<N>>;
/** What a client sends to `name`. */
export type Input<N extends ActionName> = InputOf<ContractOf<N>>;

const byName = new Map<string, Contract>();
for (const module of modules) for (const c of Object.values(module) as unknown[]) if (isContract(c)) byName.set(c.name.toLowerCase(), c);

function isContract(value: unknown): value is Contract {
  return typeof value === 'object' && value !== null && typeof (value as Contract).name === 'string' && 'input' in value;
}

/** The contract of `name` (case-insensitive, as the router matches). */
export function contractOf<N extends ActionName>(name: N): ContractOf<N> {
  const found = byName.get(name.toLowerCase());
  if (!found) throw new Error(`no contract for ${name}`);
  return found as ContractOf<N>;
}
