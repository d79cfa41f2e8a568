/**
 * One objection model per table of server/db/migrations, with its row type. Queries always pass
 * the caller's knex or transaction: `Page.query(tx.db)` (see BaseModel.ts).
 */
export { BaseModel } from './BaseModel.ts';
export { AccessToken, type AccessTokenRow } from './AccessToken.ts';
export { ApiVersion, type ApiVersionRow } from './ApiVersion.ts';
export { ApiVersionChange, type ApiVersionChangeRow } from './ApiVersionChange.ts';
export { Attachment, type FileRow, type FileListRow } from './Attachment.ts';
export { AuthFailure, type AuthFailureRow } from './AuthFailure.ts';
export { Captcha, type CaptchaRow } from './Captcha.ts';
export { Catalog, type CatalogRow } from './Catalog.ts';
export { ChangeLogEntry, type ChangeLogRow } from './ChangeLogEntry.ts';
export { FileFlow, type FileFlowRow } from './FileFlow.ts';
export { FilePage, type FilePageRow } from './FilePage.ts';
export { Item, type ItemRow, type MyListRow, type AdminItemRow } from './Item.ts';
export { ItemMember, type ItemMemberRow, type MemberRow } from './ItemMember.ts';
export { ItemToken, type ItemTokenRow } from './ItemToken.ts';
export { ItemUserOrder, type ItemUserOrderRow } from './ItemUserOrder.ts';
export { JobLease, type JobLeaseRow } from './JobLease.ts';
export { LiveBusMessage, type LiveBusMessageRow } from './LiveBusMessage.ts';
export { McpAuditEntry, type McpAuditRow } from './McpAuditEntry.ts';
export { Mock, type MockRow } from './Mock.ts';
export { Notice, type NoticeRow } from './Notice.ts';
export { Option, type OptionRow } from './Option.ts';
export { Page, type PageRow, type MenuPageRow } from './Page.ts';
export { PageComment, type PageCommentRow } from './PageComment.ts';
export { PageFeedback, type PageFeedbackRow } from './PageFeedback.ts';
export { PageHistory, type PageHistoryRow, type HistoryRow } from './PageHistory.ts';
export { PageLiveDoc, type PageLiveDocRow } from './PageLiveDoc.ts';
export { PageLock, type LockRow } from './PageLock.ts';
export { PasswordReset, type PasswordResetRow } from './PasswordReset.ts';
export { RecycleEntry, type RecycleRow } from './RecycleEntry.ts';
export { Session, type SessionRow } from './Session.ts';
export { SinglePage, type SinglePageRow } from './SinglePage.ts';
export { Team, type TeamRow, type MyTeamRow } from './Team.ts';
export { TeamItem, type TeamItemRow, type TeamItemTableRow } from './TeamItem.ts';
export { TeamItemMember, type TeamItemMemberRow, type TeamItemMemberTableRow } from './TeamItemMember.ts';
export { TeamMember, type TeamMemberRow, type TeamMemberTableRow } from './TeamMember.ts';
export { Template, type TemplateRow } from './Template.ts';
export { User, type UserRow } from './User.ts';
export { Webhook, type WebhookRow } from './Webhook.ts';
export { WebhookDelivery, type DeliveryRow } from './WebhookDelivery.ts';
