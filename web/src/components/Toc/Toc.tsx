import { useEffect, useState, type RefObject } from 'react';
import './Toc.css';

interface Heading {
  id: string;
  text: string;
  level: number;
}

interface Props {
  /** The rendered page; headings are read from it after each render. */
  contentRef: RefObject<HTMLElement | null>;
  /** Changes whenever the content is re-rendered. */
  version: unknown;
  title: string;
}

/** Table of contents of the rendered page (h1–h4 carrying anchor ids). */
export default function Toc({ contentRef, version, title }: Props) {
  const [headings, setHeadings] = useState<Heading[]>([]);
  useEffect(() => {
    const root = contentRef.current;
    if (!root) return;
    const found = Array.from(root.querySelectorAll<HTMLElement>('h1[id],h2[id],h3[id],h4[id]')).map((h) => ({
      id: h.id,
      text: h.textContent ?? '',
      level: Number(h.tagName[1]),
    }));
    setHeadings(found);
  }, [contentRef, version]);

  if (headings.length < 2) return null;
  const top = Math.min(...headings.map((h) => h.level));
  return (
    <nav className="folio-toc" aria-label={title}>
      <div className="folio-toc-title">{title}</div>
      <ul>
        {headings.map((h) => (
          <li key={h.id} style={{ paddingLeft: `${(h.level - top) * 12}px` }}>
            <a
              href={`#${encodeURIComponent(h.id)}`}
              onClick={(e) => {
                e.preventDefault();
                document.getElementById(h.id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
              }}
            >
              {h.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
