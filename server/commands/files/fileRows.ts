/** The `files` row as commands read it. */
export interface FileRow {
  file_id: number;
  sign: string;
  display_name: string;
  file_type: string;
  file_size: number;
  uid: number | null;
  item_id: number;
  page_id: number;
  storage_key: string;
  real_url: string;
  visit_times: number;
  addtime: number;
  last_visit_time: number;
}
