export { catalogue, localizeMessage, type MessageValues, switchLanguage } from './catalogue';
export {
  dayName,
  FORMAT_KINDS,
  type FormatKind,
  formatDateTime,
  formatLocale,
  formatNumber,
  formatRelative,
  formatTime,
  longDate,
  monthYear,
  shortDate,
  weekdayName,
} from './format';
export { currentLanguage, intlLocale, storedChoice, storedLanguage, subscribeLanguage } from './language';
export { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language, matchLanguage } from './languages';
