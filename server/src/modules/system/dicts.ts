/** Dictionaries the SPA reads by code. `color` is a Mantine colour name for tags. */
export interface DictEntry {
  code: string;
  items: { name: string; value: string; color?: string }[];
}

export const DICTS: DictEntry[] = [
  {
    code: 'ticket_status',
    items: [
      { name: '正常', value: '0', color: 'blue' },
      { name: '终止设计', value: '1', color: 'gray' },
      { name: '已退款', value: '2', color: 'orange' },
      { name: '订单关闭', value: '3', color: 'dark' },
      { name: '收到完成通知', value: '4', color: 'teal' },
      { name: '工厂驳回', value: '5', color: 'red' },
      { name: '手动关闭', value: '6', color: 'gray' },
      { name: '一键下单', value: '7', color: 'violet' },
    ],
  },
  {
    code: 'designer_type',
    items: [
      { name: '团队负责人', value: '0', color: 'grape' },
      { name: '设计师', value: '1', color: 'blue' },
      { name: '兼职设计师', value: '2', color: 'cyan' },
      { name: '兼职设计师', value: '3', color: 'cyan' },
    ],
  },
  {
    code: 'gender',
    items: [
      { name: '男', value: '1' },
      { name: '女', value: '2' },
    ],
  },
  {
    code: 'work_purpose',
    items: [
      { name: '全职接单', value: 'full_time' },
      { name: '兼职增收', value: 'side_income' },
      { name: '提升技能', value: 'skill_growth' },
      { name: '其他', value: 'other' },
    ],
  },
  {
    code: 'specialty_tags',
    items: ['包装设计', '海报设计', '标志设计', '画册设计', '电商主图', '插画', '名片设计', '印刷排版'].map((n) => ({ name: n, value: n })),
  },
  {
    code: 'software_tags',
    items: ['Photoshop', 'Illustrator', 'CorelDRAW', 'InDesign', 'CDR', 'Figma', 'Procreate', 'C4D'].map((n) => ({ name: n, value: n })),
  },
];

/** The name of a dictionary's item by value (the value itself when the dictionary has no such item): exports write names, not codes. */
export function dictName(code: string, value: string): string {
  return DICTS.find((d) => d.code === code)?.items.find((i) => i.value === value)?.name ?? value;
}
