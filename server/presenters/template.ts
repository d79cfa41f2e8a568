import { formatDateTime } from '../../core/time.ts';
import type { Template } from '../../core/wire.ts';
import type { TemplateRow } from '../models/Template.ts';

export function presentTemplate(row: TemplateRow, timeZone: string): Template {
  return {
    id: row.id,
    template_title: row.template_title,
    template_content: row.template_content,
    addtime: formatDateTime(row.addtime, timeZone),
  };
}
