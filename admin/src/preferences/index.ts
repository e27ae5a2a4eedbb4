export { fetchMyPreferences, saveMyPreference } from './account-preferences';
export { accountStore, browserSavedFiltersToCarryOver } from './account-store';
