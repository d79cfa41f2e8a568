import type { ActionDef } from '../http/action.ts';
import { userActions } from './api/user.ts';
import { commonActions } from './api/common.ts';
import { itemActions } from './api/item.ts';
import { catalogActions } from './api/catalog.ts';
import { pageActions } from './api/page.ts';
import { memberActions } from './api/member.ts';
import { teamActions } from './api/team.ts';
import { teamMemberActions } from './api/teamMember.ts';
import { teamItemActions } from './api/teamItem.ts';
import { teamItemMemberActions } from './api/teamItemMember.ts';
import { noticeActions } from './api/notice.ts';
import { attachmentActions } from './api/attachment.ts';
import { templateActions } from './api/template.ts';
import { recycleActions } from './api/recycle.ts';
import { mockActions } from './api/mock.ts';
import { importActions } from './api/import.ts';
import { exportActions } from './api/export.ts';
import { spreadsheetActions } from './api/spreadsheet.ts';
import { openActions } from './api/open.ts';
import { adminUserActions } from './api/adminUser.ts';
import { adminItemActions } from './api/adminItem.ts';
import { adminSettingActions } from './api/adminSetting.ts';
import { scriptCronActions } from './api/scriptCron.ts';
import { updateActions } from './api/update.ts';
import { searchActions } from './api/search.ts';
import { itemMenuActions } from './api/itemMenu.ts';
import { syncActions } from './api/sync.ts';
import { syncPreviewActions } from './api/syncPreview.ts';
import { webhookActions } from './api/webhook.ts';
import { apiChangeActions } from './api/apiChange.ts';
import { commentActions } from './api/comment.ts';
import { feedbackActions } from './api/feedback.ts';
import { tokenActions } from './api/token.ts';
import { liveActions } from './api/live.ts';

/** The route table: every action of the API, as data (the permission-matrix test reads it too). */
export const allActions: ActionDef[] = [
  ...userActions,
  ...commonActions,
  ...itemActions,
  ...catalogActions,
  ...pageActions,
  ...memberActions,
  ...teamActions,
  ...teamMemberActions,
  ...teamItemActions,
  ...teamItemMemberActions,
  ...noticeActions,
  ...attachmentActions,
  ...templateActions,
  ...recycleActions,
  ...mockActions,
  ...importActions,
  ...exportActions,
  ...spreadsheetActions,
  ...openActions,
  ...adminUserActions,
  ...adminItemActions,
  ...adminSettingActions,
  ...scriptCronActions,
  ...updateActions,
  ...searchActions,
  ...itemMenuActions,
  ...syncActions,
  ...syncPreviewActions,
  ...webhookActions,
  ...apiChangeActions,
  ...commentActions,
  ...feedbackActions,
  ...tokenActions,
  ...liveActions,
];
