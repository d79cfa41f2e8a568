import { UNREAD_NOTICE_MS } from '@core/limits';
import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { refreshUnreadNotices } from '../../state/unreadNotices.ts';

/** A link to the notices, shown for 10 s when there are unread ones (spec §2, §9). */
export function UnreadNotice() {
  const { t } = useTranslation('items');
  const [count, setCount] = useState(0);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    void refreshUnreadNotices().then((unread) => {
      if (unread > 0) {
        setCount(unread);
        timer = setTimeout(() => setCount(0), UNREAD_NOTICE_MS);
      }
    });
    return () => clearTimeout(timer);
  }, []);
  if (count <= 0) return null;
  return (
    <Message
      severity="info"
      className="folio-unread"
      content={
        <Link to="/notice/index">
          <span className="pi pi-bell" aria-hidden="true" /> {t('list.unread', { count })}
        </Link>
      }
    />
  );
}
