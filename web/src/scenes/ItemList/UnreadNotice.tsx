import { UNREAD_NOTICE_MS } from '@core/limits';
import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { noticeApi } from '../../api/notice.ts';

/** A link to the notices, shown for 10 s when there are unread ones (spec §2, §9). */
export function UnreadNotice() {
  const { t } = useTranslation('items');
  const [count, setCount] = useState(0);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    noticeApi
      .getList({ notice_type: 'unread', count: 1 }, { quiet: true })
      .then((r) => {
        const unread = Number(r.unread_count ?? r.total ?? 0);
        if (unread > 0) {
          setCount(unread);
          timer = setTimeout(() => setCount(0), UNREAD_NOTICE_MS);
        }
      })
      .catch(() => undefined);
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
