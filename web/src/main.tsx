import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primeicons/primeicons.css';
import './styles/global.css';
import { i18nReady } from './i18n/index.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { pathFromHashUrl } from './routes.tsx';

// Old ShowDoc hash URLs (#/p/<key>, #/<item_id>) become path URLs before the router reads them.
const fromHash = pathFromHashUrl(window.location.hash);
if (fromHash) window.history.replaceState(null, '', fromHash);

// Translations load first (one small chunk per namespace of the current language), so no screen
// ever renders raw keys.
void i18nReady.finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
