import { useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../api/client.ts';

export interface SubmitOptions {
  /** Checked before anything is sent: a message stops the submit and becomes `error`. */
  validate?: () => string | null | undefined;
  /**
   * The call was made `{ quiet: true }`, so its message goes to `error` for the form to show;
   * otherwise the API client already showed it as a toast.
   */
  inline?: boolean;
  /** Runs after a failed call, e.g. to load a new captcha or clear a file choice. */
  onError?: (err: ApiError) => void;
}

/**
 * The submit of one form: busy state for the button, one call in flight at a time (a second
 * Enter or click while busy does nothing), and the form's error message.
 */
export function useSubmit(run: () => Promise<void>, options: SubmitOptions = {}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  // A ref, not the state: two quick submits can come before React re-renders with busy = true.
  const inFlight = useRef(false);

  const submit = async () => {
    if (inFlight.current) return;
    const problem = options.validate?.() || '';
    setError(problem);
    if (problem) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await run();
    } catch (err) {
      const apiError = err instanceof ApiError ? err : new ApiError(-1, (err as Error).message ?? String(err));
      if (options.inline) setError(apiError.message);
      options.onError?.(apiError);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  /** For `<form onSubmit>`: no page reload, then the submit. */
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit();
  };

  return { busy, error, setError, submit, onSubmit };
}
