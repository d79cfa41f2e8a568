import { LIVE_PATH, liveColor } from '../../../core/live.ts';
import { action, type ActionDef } from '../../http/action.ts';
import * as contracts from '../../../core/api/live.ts';
import { signLiveToken } from '../../live/auth.ts';
import { resolveLiveAccess } from '../../access/live.ts';
import { liveDisplayName } from '../../live/rights.ts';
import { actorUid } from '../../policies/actor.ts';
import { lockHolderName } from '../../models/PageLock.ts';

/**
 * `live/token`: a 60-second token for opening the page's live document on the WebSocket at
 * /live. Edit mode for whoever may save the page (page/save's rule), view mode for read-only
 * members, anonymous readers of public items and share-link readers (`share_key`). POST only: it
 * hands out a credential.
 */
export const liveActions: ActionDef[] = [
  action(contracts.liveToken, {
    auth: 'public',
    writes: true,
    async handle({ input, actor, services, lang }) {
      const shareKey = input.share_key || undefined;
      const access = await resolveLiveAccess(services, actor, input.page_id, shareKey);
      // A share-link reader reads as nobody, even when logged in.
      const uid = shareKey ? 0 : actorUid(actor);
      const name = liveDisplayName(uid && actor.kind === 'user' ? actor : null, lang);
      const token = access.live
        ? signLiveToken(services, { uid, itemId: access.itemId, pageId: input.page_id, doc: access.doc, mode: access.mode, shareKey, grant: access.grant })
        : '';
      return {
        live: access.live,
        token,
        doc: access.doc,
        mode: access.mode,
        user: { uid, name, color: liveColor(uid) },
        ws_path: LIVE_PATH,
        locked_by: access.lockedBy
          ? {
              uid: access.lockedBy.lock_uid,
              username: access.lockedBy.lock_username,
              name: await lockHolderName(services.db, access.lockedBy),
              lock_to: access.lockedBy.lock_to,
            }
          : null,
      };
    },
  }),
];
