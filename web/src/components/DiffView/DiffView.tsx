import { useMemo } from 'react';
import { sideBySideDiff, type DiffCell } from '../../lib/lineDiff.ts';
import './DiffView.css';

interface Props {
  /** Older text, shown on the left. */
  before: string;
  /** Newer text, shown on the right. */
  after: string;
  beforeLabel: string;
  afterLabel: string;
}

function Cell({ cell }: { cell: DiffCell }) {
  return (
    <>
      <td className="diff-num">{cell.line ?? ''}</td>
      <td className={`diff-text diff-${cell.kind}`}>
        {cell.segments.map((s, i) => (s.changed && cell.kind !== 'same' ? <mark key={i}>{s.text}</mark> : <span key={i}>{s.text}</span>))}
      </td>
    </>
  );
}

/** Side-by-side line diff; every piece of content is a text node, never HTML. */
export default function DiffView({ before, after, beforeLabel, afterLabel }: Props) {
  const rows = useMemo(() => sideBySideDiff(before, after), [before, after]);
  return (
    <table className="diff-view">
      <colgroup>
        <col className="diff-num-col" />
        <col />
        <col className="diff-num-col" />
        <col />
      </colgroup>
      <thead>
        <tr>
          <th colSpan={2}>{beforeLabel}</th>
          <th colSpan={2}>{afterLabel}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            <Cell cell={row.left} />
            <Cell cell={row.right} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}
