import { BaseModel } from './BaseModel.ts';

/** A pending captcha (`captchas`), keyed by the id handed to the client. */
export interface CaptchaRow {
  captcha_id: string;
  code: string;
  expires_at: number;
  created_at: number;
}

export interface Captcha extends CaptchaRow {}
export class Captcha extends BaseModel {
  static override tableName = 'captchas';
  static override idColumn = 'captcha_id';
}
