import { Select, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { teamDesignerQueries } from '../api/team-designer.queries';
import { ONLINE_TEXT, type TeamDesigner } from '../model/team-designer.schema';

/** 'Name（D000002）· 接单中 · 今日 3/10' */
export function designerOptionLabel(d: TeamDesigner): string {
  return `${d.designer_name}（${d.designer_id}）· ${ONLINE_TEXT[d.online_ticket_status] ?? '离线'} · 今日 ${d.load_today}/${d.capacity_today}`;
}

type Props = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: string | null;
  onChange: (designerId: string | null) => void;
  /** Designers not offered (e.g. the current holder of a ticket being transferred). */
  exclude?: readonly string[];
  /** Status and today's load in each option (default); off: name and code only. */
  detailed?: boolean;
};

/** A searchable picker of the lead's team members (GET /team/designers). */
export function DesignerSelect({ value, onChange, exclude = [], detailed = true, label = '设计师', placeholder = '搜索姓名或编号', ...rest }: Props) {
  const designers = useQuery(teamDesignerQueries.options());
  const data = (designers.data ?? [])
    .filter((d) => !exclude.includes(d.designer_id))
    .map((d) => ({ value: d.designer_id, label: detailed ? designerOptionLabel(d) : `${d.designer_name}（${d.designer_id}）` }));
  return (
    <Select
      label={label}
      placeholder={designers.isPending ? '加载中…' : placeholder}
      searchable
      clearable
      nothingFoundMessage={designers.isError ? '设计师列表加载失败' : '没有匹配的设计师'}
      data={data}
      value={value}
      onChange={onChange}
      {...rest}
    />
  );
}
