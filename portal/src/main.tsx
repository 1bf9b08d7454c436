import '@shared/ui/global.css';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Root } from './app/Root';
import { createI18n, ready } from '@shared/i18n/createI18n';
import { pickLanguage } from '@shared/i18n/languages';
import { STORAGE_KEYS } from '@shared/ui/storageKeys';
import { createPortalServices } from './app/services';

const language = pickLanguage(localStorage.getItem(STORAGE_KEYS.language) ?? navigator.language);
const i18n = createI18n(language);
const services = createPortalServices(i18n);

// The first render waits for the language's translations (Vietnamese and Korean are their own chunks).
void ready(i18n).then(() =>
  createRoot(document.getElementById('root')!).render(
    <BrowserRouter>
      <Root i18n={i18n} services={services} />
    </BrowserRouter>,
  ),
);
