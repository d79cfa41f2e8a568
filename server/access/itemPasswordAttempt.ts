import { AppError, ErrorCode } from '../../core/errors.ts';
import type { ItemPasswordProof } from '../policies/actor.ts';
import { verifyItemPassword } from '../auth/itemPasswords.ts';
import { requireCaptcha } from '../captcha/verifyCaptcha.ts';
import type { Deps } from '../services.ts';
import { clearFailures, readFailures, recordFailure } from '../throttle/failureCounter.ts';
import { denials } from './denials.ts';

/**
 * Guessing an item's visit password: after 5 wrong attempts from one IP within 15 minutes, each
 * further attempt must carry a verification code (10308 without one, 10206 with a wrong one).
 * A right password clears the counter.
 */
const ITEM_PASSWORD_POLICY = { windowSeconds: 15 * 60, captchaAfterFailures: 5 } as const;

const failureKey = (itemId: number, ip: string) => `item:${itemId}:ip:${ip}`.slice(0, 200);

export interface ItemPasswordAttempt {
  password: string;
  ip: string;
  captcha: { id: string; code: string };
}

/** Resolves when the password is right; throws 10307 / 10308 / 10206 otherwise. */
export async function checkItemPasswordAttempt(
  deps: Pick<Deps, 'db' | 'now'>,
  item: { item_id: number; password_hash: string },
  attempt: ItemPasswordAttempt,
): Promise<void> {
  const key = failureKey(item.item_id, attempt.ip);
  const before = await readFailures(deps, key, ITEM_PASSWORD_POLICY.windowSeconds);
  if (before.count >= ITEM_PASSWORD_POLICY.captchaAfterFailures) {
    if (!attempt.captcha.code) throw denials.itemPasswordCaptcha();
    await requireCaptcha(deps, attempt.captcha.id, attempt.captcha.code);
  }
  if (await verifyItemPassword(attempt.password, item.password_hash)) {
    await clearFailures(deps, key);
    return;
  }
  const after = await recordFailure(deps, key, ITEM_PASSWORD_POLICY.windowSeconds);
  throw after.count >= ITEM_PASSWORD_POLICY.captchaAfterFailures ? denials.itemPasswordCaptcha() : denials.itemPasswordWrong();
}

/**
 * ShowDoc's `_item_pwd` on a read (`page/info`, `item/info`, …): the same attempt as `item/pwd`,
 * counted in the same throttle, captcha included — true when the password is right, false when
 * it is wrong (the read then answers as to anyone without it), 10308 / 10206 once the item/IP
 * pair needs a verification code.
 */
export async function proveItemPasswordParam(
  deps: Pick<Deps, 'db' | 'now'>,
  item: { item_id: number; password_hash: string },
  proof: ItemPasswordProof,
): Promise<boolean> {
  if (!proof.password) return false;
  const attempt = proof.attempt ?? { ip: '', captcha: { id: '', code: '' } };
  try {
    await checkItemPasswordAttempt(deps, item, { password: proof.password, ...attempt });
    return true;
  } catch (err) {
    if (err instanceof AppError && err.code === ErrorCode.NEED_ITEM_PASSWORD_ALT) return false;
    throw err;
  }
}
