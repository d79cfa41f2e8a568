import { useTranslation } from 'react-i18next';
import { markedPieces } from '../../lib/markedText.ts';

export interface SearchHit {
  page_id: number | string;
  page_title: string;
  title_highlight: string;
  snippet: string;
}

interface Props {
  keyword: string;
  hits: SearchHit[];
  /** Every match; the list may show fewer (the server lists at most a few hundred). */
  total: number;
  selectedPageId: number;
  hrefFor: (pageId: number) => string;
  onSelect: (pageId: number) => void;
}

/** Renders `<mark>`-highlighted server text as text nodes and <mark> elements only. */
function Marked({ html }: { html: string }) {
  return <>{markedPieces(html).map((p, i) => (p.marked ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}</>;
}

/** Keyword search hits: highlighted title and a snippet around the first match. */
export default function SearchResults({ keyword, hits, total, selectedPageId, hrefFor, onSelect }: Props) {
  const { t } = useTranslation('view');
  if (!hits.length)
    return (
      <p className="iv-search-none" role="status">
        {t('searchNone', { keyword })}
      </p>
    );
  return (
    <div className="iv-search-results">
      <div className="iv-search-count" role="status">
        {total > hits.length ? t('searchResultsShown', { count: total, shown: hits.length }) : t('searchResults', { count: hits.length })}
      </div>
      <ul>
        {hits.map((hit) => {
          const id = Number(hit.page_id);
          return (
            <li key={id}>
              <a
                href={hrefFor(id)}
                aria-label={hit.page_title}
                className={id === selectedPageId ? 'ct-selected' : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  onSelect(id);
                }}
              >
                <span className="iv-hit-title">
                  <Marked html={hit.title_highlight} />
                </span>
                {hit.snippet && (
                  <span className="iv-hit-snippet">
                    <Marked html={hit.snippet} />
                  </span>
                )}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
