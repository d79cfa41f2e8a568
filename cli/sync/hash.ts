/** The page content hash: one definition for the CLI and the importers (core/contentHash.ts). */
export { contentHash } from '../../core/contentHash.ts';
