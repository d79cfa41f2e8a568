/**
 * Builds the stand-alone docs CLI package (cli/package.json, @folio/docs-cli): bundles
 * cli/standalone.ts with the shared code it uses (core/, importers/, exporters/, workers/) into
 * cli/dist as plain JavaScript (no type stripping at start-up; one chunk per lazily imported
 * command, so `docs --help` loads only the argument parser). npm packages stay external and become
 * the package's dependencies, at the exact versions of the root package.json: the build writes
 * them into cli/package.json, so the list is always what the bundle really imports. The format
 * libraries of cli/optionalPackages.ts become optional peer dependencies instead (npm does not
 * install them), which keeps a CI job's install small.
 *   node scripts/build-cli.ts        (also run by `npm pack ./cli` through its prepack script)
 */
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { build } from 'rolldown';
import { OPTIONAL_PACKAGES } from '../cli/optionalPackages.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLI = path.join(ROOT, 'cli');
const DIST = path.join(CLI, 'dist');

const packageOf = (id: string) => (id.startsWith('@') ? id.split('/').slice(0, 2).join('/') : id.split('/')[0]!);
const builtins = new Set(builtinModules);

export async function buildCli(): Promise<{ dependencies: Record<string, string>; optional: Record<string, string>; bytes: number }> {
  const rootPackage = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const used = new Set<string>();
  fs.rmSync(DIST, { recursive: true, force: true });
  await build({
    // jobWorker.js: the module a job's worker process loads (cli/jobWorker.ts, see cli/sync/jobs.ts).
    input: { docs: path.join(CLI, 'standalone.ts'), jobWorker: path.join(CLI, 'jobWorker.ts') },
    platform: 'node',
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    external: (id) => {
      if (id.startsWith('node:') || builtins.has(id)) return true;
      if (id.startsWith('.') || path.isAbsolute(id) || id.startsWith('\0')) return false;
      used.add(packageOf(id));
      return true;
    },
    output: {
      dir: DIST,
      format: 'esm',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      banner: '#!/usr/bin/env node',
      minify: false,
    },
  });
  fs.chmodSync(path.join(DIST, 'docs.js'), 0o755);

  const all = { ...rootPackage.dependencies, ...rootPackage.devDependencies } as Record<string, string>;
  const dependencies: Record<string, string> = {};
  const optional: Record<string, string> = {};
  for (const name of [...used].sort()) {
    if (!all[name]) throw new Error(`the CLI bundle imports ${name}, which the root package.json does not declare`);
    (Object.hasOwn(OPTIONAL_PACKAGES, name) ? optional : dependencies)[name] = all[name];
  }
  const file = path.join(CLI, 'package.json');
  const cliPackage = JSON.parse(fs.readFileSync(file, 'utf8'));
  const wanted = {
    ...cliPackage,
    version: rootPackage.version,
    dependencies,
    peerDependencies: optional,
    peerDependenciesMeta: Object.fromEntries(Object.keys(optional).map((name) => [name, { optional: true }])),
  };
  if (JSON.stringify(wanted) !== JSON.stringify(cliPackage)) fs.writeFileSync(file, `${JSON.stringify(wanted, null, 2)}\n`);
  let bytes = 0;
  for (const f of fs.readdirSync(DIST, { recursive: true, withFileTypes: true })) if (f.isFile()) bytes += fs.statSync(path.join(f.parentPath, f.name)).size;
  return { dependencies, optional, bytes };
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  const { dependencies, optional, bytes } = await buildCli();
  console.log(`cli/dist: ${(bytes / 1024).toFixed(0)} KB; dependencies: ${Object.keys(dependencies).join(', ')}; optional peers: ${Object.keys(optional).join(', ')}`);
}
