import { call, type CallOptions } from './client.ts';

/** `live/token`'s answer (issue #22): `live:false` when the item keeps the classic lock editor. */
export interface LiveTicket {
  live: boolean;
  token: string;
  /** The document's name, `page.<page_id>`. */
  doc: string;
  mode: 'edit' | 'view';
  user: { uid: number; name: string; color: string };
  ws_path: string;
}

/** `live/*` calls. */
export const liveApi = {
  token: (p: { page_id: number; share_key?: string }, o?: CallOptions) => call<LiveTicket>('live/token', p, o),
};
