import { useQuery } from '@tanstack/react-query';
import { dictQueries } from '../api/dict.queries';
import { type DictOption, toOptions } from '../model/dict.schema';

/** Options `{label, value, tagColor}` of one dictionary. */
export function useDictOptions(code: string): DictOption[] {
  const { data } = useQuery({ ...dictQueries.list(), select: (list) => toOptions(list.find((d) => d.code === code)) });
  return data ?? [];
}
