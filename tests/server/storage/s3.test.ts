import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { S3_SDK_PACKAGES, s3SdkMissing } from '../../../server/storage/s3.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const rootPackage = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Record<string, Record<string, unknown> | undefined>;

/**
 * A Node process in which the AWS SDK is not installed, as in `npm ci --omit=dev`: a resolve hook
 * looks the SDK's packages up from a folder with no node_modules, so Node itself answers with its
 * real "Cannot find package" error. It reads an object through the S3 driver and prints what failed.
 */
async function readObjectWithoutSdk(): Promise<string> {
  const s3 = pathToFileURL(path.join(ROOT, 'server/storage/s3.ts')).href;
  const script = `
    import { registerHooks } from 'node:module';
    registerHooks({
      resolve(specifier, context, next) {
        return specifier.startsWith('@aws-sdk/') ? next(specifier, { ...context, parentURL: 'file:///no-such-folder/index.js' }) : next(specifier, context);
      },
    });
    const { S3Storage } = await import(${JSON.stringify(s3)});
    const storage = new S3Storage({ endpoint: 'http://127.0.0.1:9', bucket: 'b', accessKeyId: 'k', secretAccessKey: 's', region: 'us-east-1', pathStyle: true });
    await storage.get('2026-01-01/x').then(() => console.log('read'), (err) => console.log(err.message));
  `;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT });
  return stdout.trim();
}

describe('the S3 driver without the AWS SDK installed', () => {
  it('names the feature, the package and the command that adds the SDK', async () => {
    const message = await readObjectWithoutSdk();
    expect(message).toBe(s3SdkMissing('@aws-sdk/client-s3').message);
    expect(message).toMatch(
      /^Object storage \(oss_open: .*\) needs the package @aws-sdk\/client-s3, which the server's production install \(npm ci --omit=dev\) leaves out: run `npm install --omit=dev --save-prod --save-exact @aws-sdk\/client-s3@\S+ @aws-sdk\/lib-storage@\S+` in the server's folder and restart it$/,
    );
  });

  it('is an optional peer of the server at the version the message names, installed for development and tests only', () => {
    for (const [name, version] of Object.entries(S3_SDK_PACKAGES)) {
      expect(rootPackage.peerDependencies?.[name], name).toBe(version);
      expect(rootPackage.peerDependenciesMeta?.[name], name).toEqual({ optional: true });
      expect(rootPackage.devDependencies?.[name], name).toBe(version);
      expect(rootPackage.dependencies?.[name], name).toBeUndefined();
    }
  });
});
