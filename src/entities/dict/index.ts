export { dictQueries } from './api/dict.queries';
export { useDictOptions } from './lib/use-dict-options';
export { dictEntrySchema, toOptions, type DictEntry, type DictOption } from './model/dict.schema';
