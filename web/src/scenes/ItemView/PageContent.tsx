import { useTranslation } from 'react-i18next';
import type { PageInfo } from '../../api/types.ts';
import MarkdownView from '../../components/MarkdownView/MarkdownView.tsx';

interface Props {
  page: PageInfo;
  onRendered?: (root: HTMLElement) => void;
}

/** A page's title, last-edit line and rendered Markdown. */
export default function PageContent({ page, onRendered }: Props) {
  const { t } = useTranslation('view');
  return (
    <article className="iv-article" aria-labelledby="iv-page-title">
      <h1 id="iv-page-title" className="iv-page-title">
        {page.page_title}
      </h1>
      {page.addtime && <div className="iv-page-meta">{t('updatedBy', { author: page.author_username ?? '', time: page.addtime })}</div>}
      <MarkdownView source={page.page_content ?? ''} tocTitle={t('toc')} onRendered={onRendered} />
    </article>
  );
}
