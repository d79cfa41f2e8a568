import { errors } from '../core/errors.ts';
import { FormatError, ImportLimitError } from '../importers/errors.ts';
import { JobLimitError } from './pool.ts';

/**
 * A failed job as the API's error, for every action that runs one on an uploaded file: a file
 * that does not read → 10101 with the importer's words; one over an import limit (more operations
 * than an item holds pages) → 10100; a job stopped by its memory or time limit
 * → 10100 naming the file and the limit. Anything else is rethrown as it is (a 10500).
 */
export function fileJobError(err: unknown, field = 'file'): unknown {
  if (err instanceof ImportLimitError) return errors.validation(`${field}: ${err.message}`, `${field}：超出导入限制（${err.message}）`);
  if (err instanceof FormatError) return errors.failed(`${field}: ${err.message}`, `${field}：无法导入（${err.message}）`);
  if (err instanceof JobLimitError) return errors.validation(`${field}: ${err.message}`, `${field}：${limitZh(err)}（${err.message}）`);
  return err;
}

/** An export stopped by its limits → 10101 naming the export and the limit. */
export function exportJobError(err: unknown): unknown {
  if (err instanceof JobLimitError) return errors.failed(`export: ${err.message}`, `导出失败：${limitZh(err)}（${err.message}）`);
  return err;
}

function limitZh(err: JobLimitError): string {
  return err.limit === 'memory' ? '任务超出内存限制' : '任务超出时间限制';
}
