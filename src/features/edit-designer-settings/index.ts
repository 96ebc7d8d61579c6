export { parseSettingsForm, useSaveDesignerSettings, type SettingsErrors, type SettingsForm } from './model/designer-settings-form';
export { DesignerSettingsForm } from './ui/designer-settings-form';
