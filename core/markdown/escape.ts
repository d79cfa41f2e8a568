/** HTML-escapes text for element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * Reverses ShowDoc's at-rest escaping (`htmlspecialchars`): `&amp; &lt; &gt; &quot; &#39; &#039;`.
 * `&amp;` goes last so `&amp;lt;` becomes `&lt;`, exactly like PHP's htmlspecialchars_decode.
 */
export function unescapeShowDocHtml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** ShowDoc's at-rest escaping (`htmlspecialchars` with ENT_QUOTES), for files ShowDoc will import. */
export function escapeShowDocHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' })[c]!);
}
