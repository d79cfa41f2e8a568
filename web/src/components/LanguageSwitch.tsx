import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGES } from '../i18n/index.ts';

/**
 * The header's language switch; i18next remembers the choice in localStorage. A native select:
 * one labelled combobox for screen readers and the keyboard (PrimeReact's Dropdown exposed a
 * textbox, an unnamed list and a button, all called "Language"), and the phone's own picker.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <span className={`folio-language-switch ${className ?? ''}`}>
      <i className="pi pi-globe" aria-hidden="true" />
      <select
        className="p-inputtext p-component"
        value={currentLanguage(i18n.language)}
        onChange={(e) => void i18n.changeLanguage(e.target.value)}
        aria-label={t('header.language')}
      >
        {LANGUAGES.map((value) => (
          <option key={value} value={value}>
            {t(`languageNames.${value}`)}
          </option>
        ))}
      </select>
      <i className="pi pi-chevron-down" aria-hidden="true" />
    </span>
  );
}
