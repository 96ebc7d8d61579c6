/** What the ticket entity uses of the dictionaries (its status tag names and colours). */
export { useDictOptions } from '../lib/use-dict-options';
