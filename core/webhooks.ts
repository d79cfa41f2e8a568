/** The webhook formats and events, one list for the server's validation and the web app's form. */
export const WEBHOOK_FORMATS = ['json', 'slack', 'feishu', 'dingtalk', 'wecom'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export const WEBHOOK_EVENTS = ['page.created', 'page.updated', 'page.deleted', 'api.changed', 'item.imported', 'comment.created', 'comment.resolved'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
