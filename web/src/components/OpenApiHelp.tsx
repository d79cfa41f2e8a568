import { useTranslation } from 'react-i18next';

/**
 * How to fill an item automatically: the open API (`item/updateByApi`) and the `docs` CLI, with
 * this server's real URL. Shown in "New item → Auto create" and in the item's Open API settings
 * (there with the item's own key and token).
 */
export function OpenApiHelp({ apiKey = '<api_key>', apiToken = '<api_token>' }: { apiKey?: string; apiToken?: string }) {
  const { t } = useTranslation('items');
  const origin = window.location.origin;
  const curl = [
    `curl -X POST '${origin}/api/item/updateByApi' \\`,
    `  --data-urlencode 'api_key=${apiKey}' \\`,
    `  --data-urlencode 'api_token=${apiToken}' \\`,
    `  --data-urlencode 'cat_name=API/Users' \\`,
    `  --data-urlencode 'page_title=Get a user' \\`,
    `  --data-urlencode 'page_content=# GET /users/{id}' \\`,
    `  --data-urlencode 's_number=10'`,
  ].join('\n');
  const cli = [
    `export DOCS_SERVER='${origin}'`,
    `export DOCS_API_KEY='${apiKey}'`,
    `export DOCS_API_TOKEN='${apiToken}'`,
    'docs pull ./docs     # the item as Markdown files',
    'docs plan ./docs     # what a push would change',
    'docs push ./docs     # publish the changes',
  ].join('\n');
  return (
    <div className="folio-help">
      <section id="open-api" aria-labelledby="help-open-api">
        <h3 id="help-open-api">{t('add.openApiTitle')}</h3>
        <p>{t('add.openApiText')}</p>
        <pre className="folio-code">
          <code>{curl}</code>
        </pre>
      </section>
      <section id="docs-cli" aria-labelledby="help-cli">
        <h3 id="help-cli">{t('add.cliTitle')}</h3>
        <p>{t('add.cliText')}</p>
        <pre className="folio-code">
          <code>{cli}</code>
        </pre>
        <p className="folio-muted">{t('add.cliMore')}</p>
      </section>
    </div>
  );
}
