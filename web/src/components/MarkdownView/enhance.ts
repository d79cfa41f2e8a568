/** Cheap DOM touches after rendering that need no extra library. */

export function needsRichBlocks(root: HTMLElement): boolean {
  return !!root.querySelector('pre.mermaid, .math-inline, .math-block, pre > code[class*="language-"]');
}

/** Fills each `[TOC]` placeholder with links to the page's headings (text nodes only). */
export function fillTocPlaceholders(root: HTMLElement, title: string): void {
  const boxes = root.querySelectorAll<HTMLElement>('div.md-toc');
  if (!boxes.length) return;
  const headings = Array.from(root.querySelectorAll<HTMLElement>('h1[id],h2[id],h3[id],h4[id],h5[id],h6[id]'));
  const top = Math.min(...headings.map((h) => Number(h.tagName[1])));
  for (const box of boxes) {
    box.replaceChildren();
    if (title) {
      const head = document.createElement('div');
      head.className = 'md-toc-title';
      head.textContent = title;
      box.append(head);
    }
    const list = document.createElement('ul');
    for (const h of headings) {
      const li = document.createElement('li');
      li.style.marginLeft = `${(Number(h.tagName[1]) - top) * 16}px`;
      const a = document.createElement('a');
      a.href = `#${encodeURIComponent(h.id)}`;
      a.textContent = h.textContent;
      a.addEventListener('click', (e) => {
        e.preventDefault();
        h.scrollIntoView({ behavior: 'smooth', block: 'start' });
      });
      li.append(a);
      list.append(li);
    }
    box.append(list);
  }
}

/**
 * Opens a page at its `#section` (links `/<item>?page_id=N#section`, which the sync writes for
 * `page.md#section`): the heading exists only once the page has rendered, long after the
 * browser's own fragment scroll found nothing. Answers whether the anchor was found.
 */
export function scrollToHash(root: HTMLElement, hash: string): boolean {
  if (hash.length < 2) return false;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // as written
  }
  const target = Array.from(root.querySelectorAll<HTMLElement>('[id], a[name]')).find((el) => el.id === id || el.getAttribute('name') === id);
  if (!target) return false;
  target.scrollIntoView({ block: 'start' });
  return true;
}
