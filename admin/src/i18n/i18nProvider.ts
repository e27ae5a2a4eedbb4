import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from './en';

// English only for now; polyglot keeps the door open for more locales.
export const i18nProvider = polyglotI18nProvider(() => en, 'en', [{ locale: 'en', name: 'English' }]);
