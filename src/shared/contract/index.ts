export * from './messages';
export * from './assignment';
