/**
 * The relations between the models, in one place. Models point at each other in both directions
 * (an item has pages, a page belongs to an item); declaring the relations here, where every model
 * is imported, keeps the model files free of imports of each other (no import cycle). `index.ts`
 * loads this module, and services.ts loads `index.ts`, so the relations are set before any query.
 * Objection reads `relationMappings` when it first builds an instance of a model.
 */
import { BaseModel } from './BaseModel.ts';
import { ApiVersion } from './ApiVersion.ts';
import { ApiVersionChange } from './ApiVersionChange.ts';
import { Attachment } from './Attachment.ts';
import { Catalog } from './Catalog.ts';
import { ChangeLogEntry } from './ChangeLogEntry.ts';
import { FilePage } from './FilePage.ts';
import { Item } from './Item.ts';
import { ItemMember } from './ItemMember.ts';
import { ItemToken } from './ItemToken.ts';
import { Mock } from './Mock.ts';
import { Notice } from './Notice.ts';
import { Page } from './Page.ts';
import { PageHistory } from './PageHistory.ts';
import { PageLock } from './PageLock.ts';
import { PasswordReset } from './PasswordReset.ts';
import { RecycleEntry } from './RecycleEntry.ts';
import { Session } from './Session.ts';
import { SinglePage } from './SinglePage.ts';
import { Team } from './Team.ts';
import { TeamItem } from './TeamItem.ts';
import { TeamItemMember } from './TeamItemMember.ts';
import { TeamMember } from './TeamMember.ts';
import { Template } from './Template.ts';
import { User } from './User.ts';
import { Webhook } from './Webhook.ts';
import { WebhookDelivery } from './WebhookDelivery.ts';

ApiVersion.relationMappings = () => ({
  item: { relation: BaseModel.BelongsToOneRelation, modelClass: Item, join: { from: 'api_versions.item_id', to: 'items.item_id' } },
  author: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'api_versions.author_uid', to: 'users.uid' } },
  changes: { relation: BaseModel.HasManyRelation, modelClass: ApiVersionChange, join: { from: 'api_versions.version_id', to: 'api_version_changes.version_id' } },
});

ApiVersionChange.relationMappings = () => ({
  version: { relation: BaseModel.BelongsToOneRelation, modelClass: ApiVersion, join: { from: 'api_version_changes.version_id', to: 'api_versions.version_id' } },
  item: { relation: BaseModel.BelongsToOneRelation, modelClass: Item, join: { from: 'api_version_changes.item_id', to: 'items.item_id' } },
});

Attachment.relationMappings = () => ({
  uploader: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'files.uid', to: 'users.uid' } },
  pages: {
    relation: BaseModel.ManyToManyRelation,
    modelClass: Page,
    join: { from: 'files.file_id', through: { from: 'file_pages.file_id', to: 'file_pages.page_id' }, to: 'pages.page_id' },
  },
});

Catalog.relationMappings = () => ({
  item: { relation: BaseModel.BelongsToOneRelation, modelClass: Item, join: { from: 'catalogs.item_id', to: 'items.item_id' } },
  pages: { relation: BaseModel.HasManyRelation, modelClass: Page, join: { from: 'catalogs.cat_id', to: 'pages.cat_id' } },
  children: { relation: BaseModel.HasManyRelation, modelClass: Catalog, join: { from: 'catalogs.cat_id', to: 'catalogs.parent_cat_id' } },
});

ChangeLogEntry.relationMappings = () => ({
  item: { relation: BaseModel.BelongsToOneRelation, modelClass: Item, join: { from: 'change_log.item_id', to: 'items.item_id' } },
});

FilePage.relationMappings = () => ({
  file: { relation: BaseModel.BelongsToOneRelation, modelClass: Attachment, join: { from: 'file_pages.file_id', to: 'files.file_id' } },
  page: { relation: BaseModel.BelongsToOneRelation, modelClass: Page, join: { from: 'file_pages.page_id', to: 'pages.page_id' } },
});

Item.relationMappings = () => ({
  owner: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'items.uid', to: 'users.uid' } },
  catalogs: { relation: BaseModel.HasManyRelation, modelClass: Catalog, join: { from: 'items.item_id', to: 'catalogs.item_id' } },
  pages: { relation: BaseModel.HasManyRelation, modelClass: Page, join: { from: 'items.item_id', to: 'pages.item_id' } },
  members: { relation: BaseModel.HasManyRelation, modelClass: ItemMember, join: { from: 'items.item_id', to: 'item_members.item_id' } },
  token: { relation: BaseModel.HasOneRelation, modelClass: ItemToken, join: { from: 'items.item_id', to: 'item_tokens.item_id' } },
  teams: {
    relation: BaseModel.ManyToManyRelation,
    modelClass: Team,
    join: { from: 'items.item_id', through: { from: 'team_items.item_id', to: 'team_items.team_id' }, to: 'teams.id' },
  },
});

ItemMember.relationMappings = () => ({
  item: { relation: BaseModel.BelongsToOneRelation, modelClass: Item, join: { from: 'item_members.item_id', to: 'items.item_id' } },
  user: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'item_members.uid', to: 'users.uid' } },
});

ItemToken.relationMappings = () => ({
  item: { relation: BaseModel.BelongsToOneRelation, modelClass: Item, join: { from: 'item_tokens.item_id', to: 'items.item_id' } },
});

Mock.relationMappings = () => ({
  page: { relation: BaseModel.BelongsToOneRelation, modelClass: Page, join: { from: 'mocks.page_id', to: 'pages.page_id' } },
  item: { relation: BaseModel.BelongsToOneRelation, modelClass: Item, join: { from: 'mocks.item_id', to: 'items.item_id' } },
});

Notice.relationMappings = () => ({
  recipient: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'notices.to_uid', to: 'users.uid' } },
});

Page.relationMappings = () => ({
  item: { relation: BaseModel.BelongsToOneRelation, modelClass: Item, join: { from: 'pages.item_id', to: 'items.item_id' } },
  catalog: { relation: BaseModel.BelongsToOneRelation, modelClass: Catalog, join: { from: 'pages.cat_id', to: 'catalogs.cat_id' } },
  author: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'pages.author_uid', to: 'users.uid' } },
  history: { relation: BaseModel.HasManyRelation, modelClass: PageHistory, join: { from: 'pages.page_id', to: 'page_history.page_id' } },
  lock: { relation: BaseModel.HasOneRelation, modelClass: PageLock, join: { from: 'pages.page_id', to: 'page_locks.page_id' } },
});

PageHistory.relationMappings = () => ({
  page: { relation: BaseModel.BelongsToOneRelation, modelClass: Page, join: { from: 'page_history.page_id', to: 'pages.page_id' } },
});

PageLock.relationMappings = () => ({
  page: { relation: BaseModel.BelongsToOneRelation, modelClass: Page, join: { from: 'page_locks.page_id', to: 'pages.page_id' } },
});

PasswordReset.relationMappings = () => ({
  user: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'password_resets.uid', to: 'users.uid' } },
});

RecycleEntry.relationMappings = () => ({
  item: { relation: BaseModel.BelongsToOneRelation, modelClass: Item, join: { from: 'recycle.item_id', to: 'items.item_id' } },
  page: { relation: BaseModel.BelongsToOneRelation, modelClass: Page, join: { from: 'recycle.page_id', to: 'pages.page_id' } },
});

Session.relationMappings = () => ({
  user: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'sessions.uid', to: 'users.uid' } },
});

SinglePage.relationMappings = () => ({
  page: { relation: BaseModel.BelongsToOneRelation, modelClass: Page, join: { from: 'single_pages.page_id', to: 'pages.page_id' } },
});

Team.relationMappings = () => ({
  owner: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'teams.uid', to: 'users.uid' } },
  members: { relation: BaseModel.HasManyRelation, modelClass: TeamMember, join: { from: 'teams.id', to: 'team_members.team_id' } },
  items: {
    relation: BaseModel.ManyToManyRelation,
    modelClass: Item,
    join: { from: 'teams.id', through: { from: 'team_items.team_id', to: 'team_items.item_id' }, to: 'items.item_id' },
  },
});

TeamItem.relationMappings = () => ({
  team: { relation: BaseModel.BelongsToOneRelation, modelClass: Team, join: { from: 'team_items.team_id', to: 'teams.id' } },
  item: { relation: BaseModel.BelongsToOneRelation, modelClass: Item, join: { from: 'team_items.item_id', to: 'items.item_id' } },
});

TeamItemMember.relationMappings = () => ({
  team: { relation: BaseModel.BelongsToOneRelation, modelClass: Team, join: { from: 'team_item_members.team_id', to: 'teams.id' } },
  item: { relation: BaseModel.BelongsToOneRelation, modelClass: Item, join: { from: 'team_item_members.item_id', to: 'items.item_id' } },
  user: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'team_item_members.member_uid', to: 'users.uid' } },
});

TeamMember.relationMappings = () => ({
  team: { relation: BaseModel.BelongsToOneRelation, modelClass: Team, join: { from: 'team_members.team_id', to: 'teams.id' } },
  user: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'team_members.member_uid', to: 'users.uid' } },
});

Template.relationMappings = () => ({
  owner: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'templates.uid', to: 'users.uid' } },
});

User.relationMappings = () => ({
  items: { relation: BaseModel.HasManyRelation, modelClass: Item, join: { from: 'users.uid', to: 'items.uid' } },
  sessions: { relation: BaseModel.HasManyRelation, modelClass: Session, join: { from: 'users.uid', to: 'sessions.uid' } },
});

Webhook.relationMappings = () => ({
  item: { relation: BaseModel.BelongsToOneRelation, modelClass: Item, join: { from: 'webhooks.item_id', to: 'items.item_id' } },
  creator: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'webhooks.created_by', to: 'users.uid' } },
  deliveries: { relation: BaseModel.HasManyRelation, modelClass: WebhookDelivery, join: { from: 'webhooks.id', to: 'webhook_deliveries.webhook_id' } },
});

WebhookDelivery.relationMappings = () => ({
  webhook: { relation: BaseModel.BelongsToOneRelation, modelClass: Webhook, join: { from: 'webhook_deliveries.webhook_id', to: 'webhooks.id' } },
  item: { relation: BaseModel.BelongsToOneRelation, modelClass: Item, join: { from: 'webhook_deliveries.item_id', to: 'items.item_id' } },
});
