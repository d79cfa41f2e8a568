import { TabPanel, TabView } from 'primereact/tabview';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { call } from '../../api/client.ts';
import { PageFrame } from '../../components/PageFrame.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { useApiData } from '../../hooks/useApiData.ts';
import { itemPath } from '../../state/links.ts';
import { AdvancedTab } from './AdvancedTab.tsx';
import { BaseInfoTab } from './BaseInfoTab.tsx';
import { McpAuditTab } from './McpAuditTab.tsx';
import { DiscussionTab } from './DiscussionTab.tsx';
import { FeedbackTab } from './FeedbackTab.tsx';
import { MembersTab } from './MembersTab.tsx';
import { OpenApiTab } from './OpenApiTab.tsx';
import { RecycleTab } from './RecycleTab.tsx';
import { WebhooksTab } from './WebhooksTab.tsx';
import './itemSetting.css';

const TABS = ['base', 'members', 'discussion', 'feedback', 'advanced', 'openApi', 'webhooks', 'mcpAudit', 'recycle'] as const;
const ICONS: Record<(typeof TABS)[number], string> = {
  base: 'pi pi-info-circle',
  members: 'pi pi-users',
  discussion: 'pi pi-comments',
  feedback: 'pi pi-thumbs-up',
  advanced: 'pi pi-exclamation-triangle',
  openApi: 'pi pi-key',
  webhooks: 'pi pi-bolt',
  mcpAudit: 'pi pi-sparkles',
  recycle: 'pi pi-trash',
};

/** `/item/setting/:itemId`: the tabs of spec §2 "Item setting" and Webhooks; `?tab=` opens one directly. */
export default function ItemSettingScene() {
  const { t } = useTranslation('settings');
  const { itemId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const item = useApiData(() => call('item/detail', { item_id: itemId }), [itemId]);

  if (!item.data)
    return item.loading ? (
      <PageSpinner />
    ) : (
      <PageFrame title={t('title')} back="/item/index">
        {null}
      </PageFrame>
    );
  const data = item.data;
  // Transfer, archive and delete are the owner's (item/detail's item_own): a manager is not offered them.
  const tabs = TABS.filter((tab) => tab !== 'advanced' || data.item_own);
  // The discussion tabs' titles live with the rest of the feature's texts.
  const title = (tab: (typeof TABS)[number]) => (tab === 'discussion' || tab === 'feedback' ? t(`comments:settings.tabs.${tab}`) : t(`tabs.${tab}`));
  const active = Math.max(0, tabs.indexOf((search.get('tab') ?? 'base') as (typeof TABS)[number]));
  return (
    <PageFrame title={t('titleOf', { name: data.item_name })} back={itemPath(data)}>
      <div className="folio-panel">
        <TabView activeIndex={active} onTabChange={(e) => setSearch({ tab: tabs[e.index] ?? 'base' }, { replace: true })} scrollable>
          {tabs.map((tab) => (
            <TabPanel key={tab} header={title(tab)} leftIcon={`${ICONS[tab]} folio-tab-icon`}>
              {tab === 'base' && <BaseInfoTab item={data} onSaved={(saved) => item.setData({ ...data, ...saved })} />}
              {tab === 'members' && <MembersTab itemId={data.item_id} />}
              {tab === 'discussion' && <DiscussionTab item={data} onSaved={(switches) => item.setData({ ...data, ...switches })} />}
              {tab === 'feedback' && <FeedbackTab itemId={data.item_id} />}
              {tab === 'advanced' && <AdvancedTab item={data} />}
              {tab === 'openApi' && <OpenApiTab itemId={data.item_id} />}
              {tab === 'webhooks' && <WebhooksTab itemId={data.item_id} />}
              {tab === 'mcpAudit' && <McpAuditTab itemId={data.item_id} />}
              {tab === 'recycle' && <RecycleTab itemId={data.item_id} />}
            </TabPanel>
          ))}
        </TabView>
      </div>
    </PageFrame>
  );
}
