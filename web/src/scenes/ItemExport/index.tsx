import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { RadioButton } from 'primereact/radiobutton';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { call } from '../../api/client.ts';
import { exportApi } from '../../api/item.ts';
import type { Catalog, Id } from '@core/wire';
import { FormField } from '../../components/FormField.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { useApiData } from '../../hooks/useApiData.ts';
import { itemPath } from '../../state/links.ts';

type Format = 'word' | 'markdown';
type Scope = 'all' | 'catalog';

/** Catalogs flattened for a select, with their depth shown by indentation. */
function flattenCatalogs(cats: Catalog[], depth = 0): Array<{ value: Id; label: string }> {
  return cats.flatMap((c) => [{ value: c.cat_id, label: `${'\u3000'.repeat(depth)}${c.cat_name}` }, ...flattenCatalogs(c.sub ?? [], depth + 1)]);
}

/** `/item/export/:itemId`: Word (all, or one catalog, or one page of it) or a Markdown zip. */
export default function ItemExportScene() {
  const { t } = useTranslation('items');
  const { itemId = '' } = useParams();
  const item = useApiData(() => call('item/detail', { item_id: itemId }), [itemId]);
  const catalogs = useApiData(() => call('catalog/catListGroup', { item_id: itemId }), [itemId]);
  const [format, setFormat] = useState<Format>('word');
  const [scope, setScope] = useState<Scope>('all');
  const [catId, setCatId] = useState<Id | null>(null);
  const [pageId, setPageId] = useState<Id>(0);
  const pages = useApiData(() => (catId ? call('catalog/getPagesBycat', { item_id: itemId, cat_id: catId }) : Promise.resolve([])), [itemId, catId]);
  const catalogOptions = useMemo(() => flattenCatalogs(catalogs.data ?? []), [catalogs.data]);
  const pageOptions = [{ value: 0 as Id, label: t('export.allPages') }, ...(pages.data ?? []).map((p) => ({ value: p.page_id, label: p.page_title }))];

  const target =
    format === 'markdown'
      ? exportApi.markdownUrl({ item_id: itemId })
      : exportApi.wordUrl(scope === 'catalog' && catId ? { item_id: itemId, cat_id: catId, page_id: pageId || undefined } : { item_id: itemId });

  return (
    <PageFrame
      title={item.data ? t('export.titleOf', { name: item.data.item_name }) : t('export.title')}
      back={item.data ? itemPath(item.data) : '/item/index'}
    >
      <div className="folio-panel folio-form">
        <fieldset className="folio-field folio-fieldset">
          <legend>{t('export.format')}</legend>
          <div className="folio-radio-row">
            {(['word', 'markdown'] as const).map((f) => (
              <label key={f}>
                <RadioButton inputId={`export-${f}`} name="export-format" checked={format === f} onChange={() => setFormat(f)} />
                {t(`export.formats.${f}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {format === 'word' ? (
          <>
            <fieldset className="folio-field folio-fieldset">
              <legend>{t('export.scope')}</legend>
              <div className="folio-radio-row">
                {(['all', 'catalog'] as const).map((s) => (
                  <label key={s}>
                    <RadioButton inputId={`export-scope-${s}`} name="export-scope" checked={scope === s} onChange={() => setScope(s)} />
                    {t(`export.scopes.${s}`)}
                  </label>
                ))}
              </div>
            </fieldset>
            {scope === 'catalog' && (
              <>
                <FormField label={t('export.catalog')} htmlFor="export-catalog">
                  <Dropdown
                    inputId="export-catalog"
                    value={catId}
                    options={catalogOptions}
                    placeholder={t('export.pickCatalog')}
                    emptyMessage={t('export.noCatalogs')}
                    onChange={(e) => {
                      setCatId(e.value as Id);
                      setPageId(0);
                    }}
                  />
                </FormField>
                {catId && (
                  <FormField label={t('export.page')} htmlFor="export-page">
                    <Dropdown inputId="export-page" value={pageId} options={pageOptions} onChange={(e) => setPageId(e.value as Id)} />
                  </FormField>
                )}
              </>
            )}
          </>
        ) : (
          <Message severity="info" text={t('export.markdownTip')} className="folio-form-message" />
        )}
        <Button
          label={t('export.begin')}
          icon="pi pi-download"
          disabled={format === 'word' && scope === 'catalog' && !catId}
          onClick={() => window.location.assign(target)}
        />
      </div>
    </PageFrame>
  );
}
