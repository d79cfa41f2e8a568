import { callUntyped } from './client.ts';
import type { Id, Template } from '@core/wire';

/** `recycle/*`, `mock/*` and `template/*` calls (page/* and its attachments are called by name). */
export const recycleApi = {
  getList: (item_id: Id) => callUntyped<Array<{ page_id: Id; page_title: string; del_by_username?: string; del_time?: string }>>('recycle/getList', { item_id }),
  recover: (p: { item_id: Id; page_id: Id }) => callUntyped('recycle/recover', p),
};

export const mockApi = {
  add: (p: { page_id: Id; template: string }) => callUntyped<{ unique_key: string }>('mock/add', p),
  infoByPageId: (page_id: Id) => callUntyped<{ unique_key: string; template: string }>('mock/infoByPageId', { page_id }),
};

export const templateApi = {
  getList: () => callUntyped<Template[]>('template/getList'),
  save: (p: { template_title: string; template_content: string }) => callUntyped('template/save', p),
  delete: (id: Id) => callUntyped('template/delete', { id }),
};
