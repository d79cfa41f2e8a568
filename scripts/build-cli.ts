/**
 * Builds the stand-alone docs CLI package (cli/, @folio/docs-cli): bundles
 * cli/standalone.ts with the shared pure code it uses (core/, importers/, exporters/, workers/) into
 * cli/dist as plain JavaScript (no type stripping at start-up; one chunk per lazily imported
 * command, so `docs --help` loads only the argument parser). npm packages stay external: they are
 * the package's dependencies, which cli/package.json declares by hand.
 * The build refuses to finish when the bundle imports a package cli/package.json does not declare,
 * declares one the bundle never imports, or pins another version than the root package.json; the
 * format libraries of cli/optionalPackages.ts must be optional peer dependencies instead (npm
 * does not install them), which keeps a CI job's install small. tests/cli/cliPackage.test.ts runs
 * the same check without writing.
 *   node scripts/build-cli.ts        (also run by `npm pack ./cli` through its prepack script)
 */
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { rolldown } from 'rolldown';
import { OPTIONAL_PACKAGES } from '../cli/optionalPackages.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLI = path.join(ROOT, 'cli');
const DIST = path.join(CLI, 'dist');

const packageOf = (id: string) => (id.startsWith('@') ? id.split('/').slice(0, 2).join('/') : id.split('/')[0]!);
const builtins = new Set(builtinModules);
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** Bundles the CLI (into cli/dist when `write`); answers the npm packages the bundle imports and the bytes written. */
export async function bundleCli({ write }: { write: boolean }): Promise<{ used: string[]; bytes: number }> {
  const used = new Set<string>();
  const bundle = await rolldown({
    // jobWorker.js: the module a job's worker process loads (cli/jobWorker.ts, see cli/sync/jobs.ts).
    input: { docs: path.join(CLI, 'standalone.ts'), jobWorker: path.join(CLI, 'jobWorker.ts') },
    platform: 'node',
    tsconfig: path.join(ROOT, 'tsconfig.node.json'),
    external: (id) => {
      if (id.startsWith('node:') || builtins.has(id)) return true;
      if (id.startsWith('.') || path.isAbsolute(id) || id.startsWith('\0')) return false;
      used.add(packageOf(id));
      return true;
    },
  });
  const output = {
    dir: DIST,
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    banner: '#!/usr/bin/env node',
    minify: false,
  } as const;
  let bytes = 0;
  try {
    if (!write) {
      await bundle.generate(output);
    } else {
      fs.rmSync(DIST, { recursive: true, force: true });
      await bundle.write(output);
      fs.chmodSync(path.join(DIST, 'docs.js'), 0o755);
      for (const f of fs.readdirSync(DIST, { recursive: true, withFileTypes: true }))
        if (f.isFile()) bytes += fs.statSync(path.join(f.parentPath, f.name)).size;
    }
  } finally {
    await bundle.close();
  }
  return { used: [...used].sort(), bytes };
}

/** What is wrong with cli/package.json for a bundle importing `used`: one sentence per problem, none when it is right. */
export function cliPackageProblems(used: readonly string[]): string[] {
  const root = readJson(path.join(ROOT, 'package.json'));
  const cli = readJson(path.join(CLI, 'package.json'));
  const rootVersions: Record<string, string> = { ...root.dependencies, ...root.devDependencies };
  const dependencies: Record<string, string> = cli.dependencies ?? {};
  const peers: Record<string, string> = cli.peerDependencies ?? {};
  const problems: string[] = [];
  if (cli.version !== root.version) problems.push(`cli/package.json has version ${cli.version}; the root package.json has ${root.version}`);
  for (const name of used) {
    const optional = Object.hasOwn(OPTIONAL_PACKAGES, name);
    const declared = optional ? peers[name] : dependencies[name];
    if (!declared) {
      problems.push(
        `the CLI bundle imports ${name}, which cli/package.json does not declare in ${optional ? 'peerDependencies (optional: see cli/optionalPackages.ts)' : 'dependencies'}`,
      );
    } else if (declared !== rootVersions[name]) {
      problems.push(`cli/package.json pins ${name} ${declared}; the root package.json pins ${rootVersions[name] ?? 'nothing'}`);
    }
    if (optional && cli.peerDependenciesMeta?.[name]?.optional !== true) problems.push(`cli/package.json's peerDependenciesMeta must mark ${name} optional`);
    if (optional && dependencies[name]) problems.push(`cli/package.json lists ${name} in dependencies; it is an optional peer (cli/optionalPackages.ts)`);
  }
  for (const name of [...Object.keys(dependencies), ...Object.keys(peers)]) {
    if (!used.includes(name)) problems.push(`cli/package.json declares ${name}, which the CLI bundle never imports`);
  }
  return problems;
}

/** Builds cli/dist and checks cli/package.json against what it imports (throws naming every problem). */
export async function buildCli(): Promise<{ used: string[]; bytes: number }> {
  const built = await bundleCli({ write: true });
  const problems = cliPackageProblems(built.used);
  if (problems.length) throw new Error(`cli/package.json does not match the CLI bundle:\n${problems.join('\n')}`);
  return built;
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  const { used, bytes } = await buildCli();
  console.log(`cli/dist: ${(bytes / 1024).toFixed(0)} KB; imports ${used.join(', ')}`);
}
