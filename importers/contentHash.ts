import crypto from 'node:crypto';

// Node's crypto (sync, fast): so not in core/, which the web app bundles. The importers, the CLI and
// the server's page writes share this one definition.

/** The content hash the server keeps per page (sha256 of the UTF-8 content, hex): equal hashes mean nothing to send. */
export function contentHash(content: string): string {
  return crypto.createHash('sha256').update(content, 'utf8').digest('hex');
}
