import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

/** `npm pack ./cli` (its prepack builds cli/dist) into an empty folder `dest`: answers the tarball's path. */
export async function packCli(dest: string): Promise<string> {
  fs.mkdirSync(dest, { recursive: true });
  await run('npm', ['pack', './cli', '--pack-destination', dest], { cwd: ROOT, env: process.env, maxBuffer: 16 * 1024 * 1024 });
  const tarball = fs.readdirSync(dest).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack ./cli left no tarball in ${dest}`);
  return path.join(dest, tarball);
}

/** Installs the tarball into an empty folder as a CI job would; answers the time taken and the size on disk. */
export async function installCli(tarball: string, dir: string): Promise<{ ms: number; bytes: number; packages: number; bin: string }> {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), '{ "private": true }\n');
  const started = performance.now();
  await run('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--ignore-scripts', tarball], {
    cwd: dir,
    env: process.env,
    maxBuffer: 16 * 1024 * 1024,
  });
  const ms = performance.now() - started;
  const modules = path.join(dir, 'node_modules');
  let bytes = 0;
  let packages = 0;
  for (const f of fs.readdirSync(modules, { recursive: true, withFileTypes: true })) {
    if (f.isFile()) bytes += fs.statSync(path.join(f.parentPath, f.name)).size;
    else if (
      f.isDirectory() &&
      f.name !== 'node_modules' &&
      fs.existsSync(path.join(f.parentPath, f.name, 'package.json')) &&
      !f.parentPath.endsWith('node_modules/.bin')
    )
      packages++;
  }
  return { ms, bytes, packages, bin: path.join(modules, '.bin', 'docs') };
}
