// Fails when the import graph of Folio's own TypeScript has a cycle, type-only imports included
// (`npm run check:cycles`; CI runs it with the build). It reads the import specifiers of every
// .ts/.tsx/.mts/.mjs file under the source folders, resolves the relative ones to files, and
// reports each strongly connected component of more than one file (and files importing themselves).
// Lazy `import('…')` calls are left out: they are how the CLI defers loading the server on purpose,
// and they cannot observe a half-initialised module.
import fs from 'node:fs';
import path from 'node:path';

const ROOTS = ['server', 'cli', 'core', 'web/src', 'importers', 'exporters'];
const EXTS = ['.ts', '.tsx', '.mts', '.mjs'];
const root = path.resolve(import.meta.dirname, '..');

function walk(dir: string, out: string[]): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (EXTS.some((e) => entry.name.endsWith(e)) && !entry.name.endsWith('.d.ts') && !entry.name.endsWith('.d.mts')) out.push(full);
  }
}

// `import … from '…'`, `import '…'`, `export … from '…'` (static forms only; comments are stripped first).
const STATIC = /(?:^|[;\s])(?:import|export)\s+(?:type\s+)?(?:[\w*${}\s,]+?\s+from\s+)?['"]([^'"]+)['"]/g;

function stripComments(src: string): string {
  return src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, ...EXTS.map((e) => base + e), ...EXTS.map((e) => path.join(base, `index${e}`))]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const files: string[] = [];
for (const r of ROOTS) if (fs.existsSync(path.join(root, r))) walk(path.join(root, r), files);
const graph = new Map<string, string[]>();
for (const file of files) {
  const src = stripComments(fs.readFileSync(file, 'utf8'));
  const deps = new Set<string>();
  for (const m of src.matchAll(STATIC)) {
    const target = resolve(file, m[1]!);
    if (target && EXTS.some((e) => target.endsWith(e))) deps.add(target);
  }
  graph.set(file, [...deps]);
}

// Tarjan's strongly connected components, iterative enough for a few thousand files.
let index = 0;
const indices = new Map<string, number>();
const low = new Map<string, number>();
const onStack = new Set<string>();
const stack: string[] = [];
const cycles: string[][] = [];
function connect(v: string): void {
  indices.set(v, index);
  low.set(v, index);
  index++;
  stack.push(v);
  onStack.add(v);
  for (const w of graph.get(v) ?? []) {
    if (!indices.has(w)) {
      connect(w);
      low.set(v, Math.min(low.get(v)!, low.get(w)!));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
  }
  if (low.get(v) === indices.get(v)) {
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component);
  }
}
for (const v of graph.keys()) if (!indices.has(v)) connect(v);

if (cycles.length) {
  console.error(`${cycles.length} import cycle(s):`);
  for (const c of cycles) console.error(`  ${c.map((f) => path.relative(root, f)).sort().join(' <-> ')}`);
  process.exit(1);
}
console.log(`no import cycles among ${graph.size} files`);
