export { bodyOf, moved, useCreateView, useDeleteView, useEditView, useReorderViews, useSetDefaultView } from './model/use-view-mutations';
export { viewNameError } from './model/view-name';
export { ManageViewsModal } from './ui/manage-views-modal';
export { SaveViewModal } from './ui/save-view-modal';
