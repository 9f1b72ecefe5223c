export { catalogue, type MessageValues, switchLanguage } from './catalogue';
export { currentLanguage, intlLocale, storedChoice, storedLanguage, subscribeLanguage } from './language';
export { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language, matchLanguage } from './languages';
