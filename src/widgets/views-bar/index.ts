export { useDefaultView } from './model/use-default-view';
export { ViewsBar, type ViewsBarProps } from './ui/views-bar';
