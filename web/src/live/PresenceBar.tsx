import { useTranslation } from 'react-i18next';
import type { Participant } from './presence.ts';
import './live.css';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => [...w][0]?.toUpperCase() ?? '')
    .join('') || '?';

/** The people in the page (issue #22): a coloured badge each, readers too, the idle ones dimmed. */
export default function PresenceBar({ people }: { people: Participant[] }) {
  const { t } = useTranslation('live');
  if (!people.length) return null;
  return (
    <ul className="live-presence" aria-label={t('peopleHere', { count: people.length })}>
      {people.map((p) => {
        const name = p.name || t('guest');
        const label = [name, p.self ? t('you') : '', p.mode === 'view' ? t('reading') : '', p.idle ? t('idle') : ''].filter(Boolean).join(' · ');
        return (
          <li
            key={p.clientId}
            className={`live-person${p.idle ? ' live-idle' : ''}${p.mode === 'view' ? ' live-reader' : ''}`}
            style={{ background: p.color }}
            title={label}
            aria-label={label}
          >
            {initials(name)}
          </li>
        );
      })}
    </ul>
  );
}
