import { call, upload, type CallOptions } from './client.ts';
import type { Id, LockInfo, PageAttachment, PageDiff, PageHistory, PageInfo, PageView, SharedPageInfo, Template } from '@core/wire';

/** `page/*`, `recycle/*`, `mock/*` and `template/*` calls. */
export const pageApi = {
  info: (page_id: Id, o?: CallOptions) => call<PageView>('page/info', { page_id }, o),
  infoByKey: (unique_key: string, o?: CallOptions) => call<SharedPageInfo>('page/infoByKey', { unique_key }, o),
  save: (
    p: { page_id: Id; item_id: Id; page_title: string; page_content: string; cat_id?: Id; s_number?: Id; is_urlencode?: 0 | 1; [extra: string]: unknown },
    o?: CallOptions,
  ) => call<PageInfo>('page/save', p, o),
  sort: (p: { item_id: Id; pages: Record<string, number> }) => call('page/sort', p),
  history: (page_id: Id) => call<PageHistory[]>('page/history', { page_id }),
  diff: (page_id: Id, page_history_id: Id) => call<PageDiff>('page/diff', { page_id, page_history_id }),
  delete: (page_id: Id) => call('page/delete', { page_id }),
  createSinglePage: (page_id: Id, create: boolean) =>
    call<{ unique_key: string }>('page/createSinglePage', { page_id, isCreateSiglePage: create ? 'true' : 'false' }),
  setLock: (p: { page_id: Id; item_id: Id; lock_to?: number }, o?: CallOptions) => call('page/setLock', p, o),
  isLock: (page_id: Id, o?: CallOptions) => call<LockInfo>('page/isLock', { page_id }, o),
  uploadList: (page_id: Id) => call<PageAttachment[]>('page/uploadList', { page_id }),
  upload: (p: { page_id: Id; item_id: Id }, file: File, o?: CallOptions) => upload<unknown>('page/upload', p, { file }, o),
  deleteUploadFile: (p: { file_id: Id; page_id: Id }) => call('page/deleteUploadFile', p),
  uploadImg: (file: File, p: { item_id?: Id; page_id?: Id } = {}) =>
    upload<{ success: number; url: string; message?: string }>('page/uploadImg', p, { 'editormd-image-file': file }),
};

export const recycleApi = {
  getList: (item_id: Id) => call<Array<{ page_id: Id; page_title: string; del_by_username?: string; del_time?: string }>>('recycle/getList', { item_id }),
  recover: (p: { item_id: Id; page_id: Id }) => call('recycle/recover', p),
};

export const mockApi = {
  add: (p: { page_id: Id; template: string }) => call<{ unique_key: string }>('mock/add', p),
  infoByPageId: (page_id: Id) => call<{ unique_key: string; template: string }>('mock/infoByPageId', { page_id }),
};

export const templateApi = {
  getList: () => call<Template[]>('template/getList'),
  save: (p: { template_title: string; template_content: string }) => call('template/save', p),
  delete: (id: Id) => call('template/delete', { id }),
};
