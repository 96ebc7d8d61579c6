/** Sort choices shown as one select: field and direction. */
export const SORT_OPTIONS = [
  { value: 'created_at:desc', label: '创建时间（新→旧）' },
  { value: 'created_at:asc', label: '创建时间（旧→新）' },
  { value: 'updated_at:desc', label: '最近更新' },
  { value: 'updated_at:asc', label: '最早更新' },
] as const;
