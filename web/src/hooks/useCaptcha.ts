import { useState } from 'react';
import type { ApiError } from '../api/client.ts';
import { commonApi } from '../api/common.ts';

/**
 * The verification code of a form: shown from the start (`shown`: register, forgot password) or
 * only once the server asks for it (`demandOn` error codes: login, item password, spec §8).
 * Spread `field` into `<CaptchaField>`; it is null while no code is shown.
 */
export function useCaptcha({ shown = false, demandOn = [] }: { shown?: boolean; demandOn?: number[] } = {}) {
  const [src, setSrc] = useState<string | null>(() => (shown ? commonApi.captchaUrl() : null));
  const [code, setCode] = useState('');
  const refresh = () => setSrc(commonApi.captchaUrl());

  /** For `useSubmit`'s `onError`: a code is single use, so a failed try needs a new image. */
  const afterError = (err: ApiError) => {
    if (!src && !demandOn.includes(err.code)) return;
    refresh();
    setCode('');
  };

  return {
    /** The code to send; undefined while the form shows none. */
    value: src ? code : undefined,
    afterError,
    field: src ? { src, value: code, onChange: setCode, onRefresh: refresh } : null,
  };
}
