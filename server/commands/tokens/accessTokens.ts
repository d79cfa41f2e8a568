import { newAccessTokenSecret } from '../../auth/accessTokens.ts';
import { AccessToken, type AccessTokenRow, type TokenWithOwner } from '../../models/AccessToken.ts';
import { User } from '../../models/User.ts';
import { inTransaction, type Deps } from '../../services.ts';

export interface CreateTokenInput {
  uid: number;
  name: string;
  scope: 'read' | 'write';
  /** [] = all the user's items (checked by access before this runs). */
  itemIds: number[];
  /** 0 = never (allowed by the route only when the site permits it). */
  expiresDays: number;
}

/** Creates a token and answers its secret: the only time it exists outside the caller's hands. */
export async function createAccessToken(deps: Deps, input: CreateTokenInput): Promise<{ id: number; secret: string }> {
  const { secret, hash } = newAccessTokenSecret();
  const now = deps.now();
  return inTransaction(deps, async (tx) => {
    const [row] = await AccessToken.knexTable(tx.db)
      .insert({
        uid: input.uid,
        name: input.name,
        scope: input.scope,
        item_ids: input.itemIds.join(','),
        token_hash: hash,
        created_at: now,
        last_used_at: 0,
        expires_at: input.expiresDays > 0 ? now + input.expiresDays * 86400 : 0,
      })
      .returning('id');
    const id = typeof row === 'object' ? (row as { id: number }).id : (row as number);
    return { id, secret };
  });
}

/** A user's tokens, newest first (the hash is never read out). */
export async function listUserTokens(deps: Pick<Deps, 'db'>, uid: number): Promise<AccessTokenRow[]> {
  return AccessToken.query(deps.db).where({ uid }).orderBy('id', 'desc');
}

/** Every token of the site, or one user's (by username), newest first, with the owner's name. */
export async function listAllTokens(deps: Pick<Deps, 'db'>, username?: string): Promise<TokenWithOwner[]> {
  const q = AccessToken.query(deps.db)
    .join(User.tableName, `${User.tableName}.uid`, `${AccessToken.tableName}.uid`)
    .select(`${AccessToken.tableName}.*`, `${User.tableName}.username`)
    .orderBy(`${AccessToken.tableName}.id`, 'desc');
  if (username) q.where(`${User.tableName}.username`, username);
  return (await q) as unknown as TokenWithOwner[];
}

/**
 * Deletes a token; `uid` limits it to that user's tokens (null: an administrator's revoke).
 * Answers whether a token was deleted. The next request with it fails in every process: each
 * request reads the token from the database.
 */
export async function revokeAccessToken(deps: Deps, tokenId: number, uid: number | null): Promise<boolean> {
  return inTransaction(deps, async (tx) => {
    const q = AccessToken.query(tx.db).where({ id: tokenId });
    if (uid !== null) q.andWhere({ uid });
    return (await q.delete()) > 0;
  });
}
