import { useEffect, useState } from 'react';
import { call } from '../api/client.ts';

/** Asked once per page load: the address is server configuration and does not change under us. */
let asked: Promise<string> | null = null;

/**
 * Where "Feedback" points: the server's FEEDBACK_URL (a mailto: address or a web page), '' when the
 * operator set none — then the link is not shown, rather than a mail form without an address.
 */
export function useFeedbackUrl(): string {
  const [url, setUrl] = useState('');
  useEffect(() => {
    let live = true;
    asked ??= call('common/homePageSetting', {}, { quiet: true }).then(
      (s) => s.feedback_url,
      () => '',
    );
    void asked.then((u) => live && setUrl(u));
    return () => {
      live = false;
    };
  }, []);
  return url;
}
