import type { Contract, InputOf, OutputOf } from './contract.ts';
import * as attachment from './attachment.ts';
import * as exportContracts from './export.ts';
import * as importContracts from './import.ts';
import * as open from './open.ts';
import * as openFiles from './openFiles.ts';
import * as openScripts from './openScripts.ts';
import * as page from './page.ts';
import * as sync from './sync.ts';
import * as syncPreview from './syncPreview.ts';

/**
 * Every action's contract, by name: the web client and the test client look types up here.
 * A new contract module (one per route file) is imported once and added to `modules`.
 */
const modules = [
  attachment,
  exportContracts,
  importContracts,
  open,
  openFiles,
  openScripts,
  page,
  sync,
  syncPreview,
] as const;

// Distributive: each module's contracts, not only the keys every module shares.
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
