import { useTranslation } from 'react-i18next';
import { AttachmentTable } from '../../components/AttachmentTable.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';

/** `/attachment/index`: my uploaded files. */
export default function AttachmentsScene() {
  const { t } = useTranslation('attachments');
  return (
    <PageFrame title={t('title')} back="/item/index">
      <div className="folio-panel">
        <AttachmentTable scope="mine" />
      </div>
    </PageFrame>
  );
}
