import { TabPanel, TabView } from 'primereact/tabview';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { OpenApiHelp } from '../../components/OpenApiHelp.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { CopyItemForm } from './CopyItemForm.tsx';
import { ImportFileForm } from './ImportFileForm.tsx';
import { NewItemForm } from './NewItemForm.tsx';
import './itemAdd.css';

const TABS = ['new', 'copy', 'import', 'auto'] as const;

/** `/item/add`: four tabs (spec §2 "New item"); `?tab=` opens one directly. */
export default function ItemAddScene() {
  const { t } = useTranslation('items');
  const [search, setSearch] = useSearchParams();
  const active = Math.max(0, TABS.indexOf((search.get('tab') ?? 'new') as (typeof TABS)[number]));
  return (
    <PageFrame title={t('add.title')} back="/item/index">
      <div className="folio-panel">
        <TabView activeIndex={active} onTabChange={(e) => setSearch({ tab: TABS[e.index] ?? 'new' }, { replace: true })}>
          <TabPanel header={t('add.tabs.new')} leftIcon="pi pi-plus-circle folio-tab-icon">
            <NewItemForm />
          </TabPanel>
          <TabPanel header={t('add.tabs.copy')} leftIcon="pi pi-copy folio-tab-icon">
            <CopyItemForm />
          </TabPanel>
          <TabPanel header={t('add.tabs.import')} leftIcon="pi pi-file-import folio-tab-icon">
            <ImportFileForm />
          </TabPanel>
          <TabPanel header={t('add.tabs.auto')} leftIcon="pi pi-bolt folio-tab-icon">
            <p>{t('add.autoIntro')}</p>
            <OpenApiHelp />
            <h3>{t('add.importTitle')}</h3>
            <p>{t('add.importText')}</p>
          </TabPanel>
        </TabView>
      </div>
    </PageFrame>
  );
}
