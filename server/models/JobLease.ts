import { BaseModel } from './BaseModel.ts';

/** A background job's lease (`job_leases`): only its holder runs it until `expires_at`. */
export interface JobLeaseRow {
  name: string;
  holder: string;
  expires_at: number;
  last_run_at: number;
}

export interface JobLease extends JobLeaseRow {}
export class JobLease extends BaseModel {
  static override tableName = 'job_leases';
  static override idColumn = 'name';
}
