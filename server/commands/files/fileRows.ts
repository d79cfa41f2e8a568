/** The `files` row type lives with its model; this re-export serves code not yet moved to the models (sync, routes). */
export type { FileRow } from '../../models/Attachment.ts';
