export { tabsStore } from './model/tabs';
export { AppLayout } from './ui/app-layout';
