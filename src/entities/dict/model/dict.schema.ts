import * as z from 'zod/mini';

export const dictEntrySchema = z.object({
  code: z.string(),
  items: z.array(z.object({ name: z.string(), value: z.string(), color: z.optional(z.string()) })),
});
export type DictEntry = z.infer<typeof dictEntrySchema>;
export const dictEntryListSchema = z.array(dictEntrySchema);

export interface DictOption {
  label: string;
  value: string;
  tagColor?: string;
}

export function toOptions(entry: DictEntry | undefined): DictOption[] {
  return (entry?.items ?? []).map((i) => ({ label: i.name, value: i.value, ...(i.color ? { tagColor: i.color } : {}) }));
}
