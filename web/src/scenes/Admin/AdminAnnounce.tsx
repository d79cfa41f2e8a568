import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/FormField.tsx';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { useFieldProblems } from '../../hooks/useFieldProblems.ts';
import { adminNoticeAnnounce } from '@core/api/notice';
import { notify } from '../../state/notify.ts';
import { refreshUnreadNotices } from '../../state/unreadNotices.ts';
import { AdminSection } from './AdminSection.tsx';
import { call } from '../../api/client.ts';

/** An announcement to every user: it arrives in their notices (plain text). */
export function AdminAnnounce() {
  const { t } = useTranslation('admin');
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const form = useFieldProblems(adminNoticeAnnounce.input);
  const { busy, onSubmit } = useSubmit(
    async () => {
      const { sent } = await call('adminNotice/announce', { title, content });
      notify('success', t('announce.sent', { count: sent }));
      setTitle('');
      setContent('');
      await refreshUnreadNotices();
    },
    { validate: () => form.check({ title, content }) },
  );
  return (
    <AdminSection id="admin-announce" title={t('menu.announce')}>
      <form className="folio-form" onSubmit={onSubmit}>
        <p className="folio-muted">{t('announce.intro')}</p>
        <FormField label={t('announce.title')} htmlFor="announce-title" error={form.problems.title}>
          <InputText id="announce-title" value={title} maxLength={300} required onChange={(e) => setTitle(e.target.value)} />
        </FormField>
        <FormField label={t('announce.content')} htmlFor="announce-content" error={form.problems.content}>
          <InputTextarea id="announce-content" value={content} rows={6} autoResize onChange={(e) => setContent(e.target.value)} />
        </FormField>
        <Button type="submit" label={t('announce.send')} icon="pi pi-megaphone" loading={busy} disabled={!title.trim()} />
      </form>
    </AdminSection>
  );
}
