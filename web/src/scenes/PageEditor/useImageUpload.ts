import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImage } from '../../lib/uploadImage.ts';
import { notify } from '../../state/notify.ts';

/** Pasted or dropped images: uploaded one by one; a failure is reported and the rest go on. */
export function useImageUpload(itemId: number, pageId: number) {
  const { t } = useTranslation('editor');
  return useCallback(
    async (files: File[]) => {
      const urls: string[] = [];
      for (const file of files) {
        try {
          urls.push(await uploadImage(file, { item_id: itemId, page_id: pageId }));
        } catch (err) {
          const reason = err instanceof Error && err.message ? `: ${err.message}` : '';
          notify('error', `${t('imageUploadFailed')}${reason}`);
        }
      }
      return urls;
    },
    [itemId, pageId, t],
  );
}
