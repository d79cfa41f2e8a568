/** The page content hash: one definition for the CLI, the importers and the server (importers/contentHash.ts). */
export { contentHash } from '../../importers/contentHash.ts';
