export { useToggleFavourite } from './model/use-toggle-favourite';
export { FavouriteButton } from './ui/favourite-button';
