import { Dropdown } from 'primereact/dropdown';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGES } from '../i18n/index.ts';

/** The header's language switch; i18next remembers the choice in localStorage. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const options = LANGUAGES.map((value) => ({ value, label: t(`languageNames.${value}`) }));
  return (
    <Dropdown
      className={className ?? 'folio-language-switch'}
      value={currentLanguage(i18n.language)}
      options={options}
      onChange={(e) => void i18n.changeLanguage(e.value as string)}
      aria-label={t('header.language')}
      ariaLabel={t('header.language')}
      dropdownIcon="pi pi-globe"
    />
  );
}
