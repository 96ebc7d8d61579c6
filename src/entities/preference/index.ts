export { preferenceApi, preferenceQueries } from './api/preference.queries';
export { COLOR_SCHEMES, preferencesSchema, type ColorSchemePreference, type Preferences } from './model/preference.schema';
