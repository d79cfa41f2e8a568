import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Loads data from the API when `deps` change and on `reload()`. Errors were already shown by the
 * client (toast or redirect), so they only end the loading state here.
 */
export function useApiData<T>(
  load: () => Promise<T>,
  deps: unknown[],
): { data: T | undefined; loading: boolean; failed: boolean; reload: () => Promise<void>; setData: (d: T) => void } {
  const [data, setData] = useState<T>();
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const loadRef = useRef(load);
  loadRef.current = load;
  const seq = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++seq.current;
    setLoading(true);
    try {
      const result = await loadRef.current();
      if (mine === seq.current) {
        setData(result);
        setFailed(false);
      }
    } catch {
      if (mine === seq.current) setFailed(true);
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, deps); // eslint-disable-line react-hooks/exhaustive-deps -- the caller's list: reload when it changes

  return { data, loading, failed, reload, setData };
}
