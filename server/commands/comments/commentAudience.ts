import { pageReaderFilter, type LoadedCommentPage } from '../../access/comments.ts';
import { isMailConfigured } from '../../mail/mailer.ts';
import type { Services } from '../../services.ts';
import { siteBaseUrl } from '../files/siteBase.ts';
import { mailCommentNotices } from './commentNotices.ts';
import type { SaveCommentInput } from './comments.ts';

/**
 * Who may be told of a comment on this page (its readers only) and how (a mail too when SMTP is
 * configured, linking to the page): what `comment/save` and an MCP tool hand to addComment/editComment.
 */
export async function commentAudience(services: Services, lp: LoadedCommentPage): Promise<Pick<SaveCommentInput, 'readersOf' | 'mail'>> {
  const pageUrl = `${await siteBaseUrl(services)}/page/${lp.page.page_id}`;
  return {
    readersOf: pageReaderFilter(services, lp),
    mail: isMailConfigured(services.config) ? (recipients, c) => mailCommentNotices(services, services.config, pageUrl, recipients, c) : undefined,
  };
}
