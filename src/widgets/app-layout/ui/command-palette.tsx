import '@mantine/spotlight/styles.css';
import { Center, Group, Loader, Text, useComputedColorScheme } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactElement, useEffect, useState } from 'react';
import type { MenuItem } from '@/entities/menu';
import { teamDesignerQueries } from '@/entities/team-designer';
import { templateQueries } from '@/entities/template';
import { ticketQueries } from '@/entities/ticket';
import { usePermission, userQueries } from '@/entities/user';
import { useSetColorScheme } from '@/features/color-scheme';
import { useMarkMessagesRead } from '@/features/mark-read';
import { PublishAnnouncementModal } from '@/features/publish-announcement';
import { useUpdateOnlineStatus } from '@/features/update-profile';
import { uploadFile } from '@/features/upload-file';
import { pushRecent, readRecent, type RecentItem, type RecentKind } from '../model/palette-recent';

const TICKETS_PATH = '/order-management/index';
const TEMPLATES_PATH = '/template-library/index';
const MESSAGES_PATH = '/message-center/index';
const DESIGNERS_PATH = '/team-management/designers';
/** Server results shown per group. */
const RESULTS = 5;
const PAGES_SHOWN = 8;

const KIND_TEXT: Record<RecentKind, string> = { ticket: '工单', designer: '设计师', template: '模板', page: '页面', action: '操作' };

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The user's menu, flattened (the pages the palette offers). */
  entries: readonly MenuItem[];
  onShowShortcuts: () => void;
}

type ActionName = 'mark-all-read' | 'toggle-accepting' | 'new-announcement' | 'toggle-color-scheme' | 'shortcuts';

interface PaletteAction {
  name: ActionName;
  label: string;
  description: string;
}

const matches = (text: string, q: string) => text.toLowerCase().includes(q.toLowerCase());

/**
 * The command palette (Ctrl/⌘+K, issue #18), on Mantine's Spotlight: finds a ticket by order
 * number or title (the ticket list's own search), a designer of the team (leads), a template, a
 * page of the user's menu, and actions; with the recent items when nothing is typed. Loaded on its
 * first use (the frame registers the key), so the first visit does not carry it.
 */
export function CommandPalette({ opened, onClose, entries, onShowShortcuts }: Props): ReactElement {
  const navigate = useNavigate();
  const [[store, spotlight]] = useState(createSpotlight);
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 250);
  const [announcing, setAnnouncing] = useState(false);
  const { data: profile } = useQuery(userQueries.profile());
  const { hasRole } = usePermission();
  const isLead = hasRole('role_admin');
  const designerId = profile?.designer_id ?? '';
  // Read again on each opening (another tab may have added some), during render.
  const [recent, setRecent] = useState<RecentItem[]>([]);
  const [readFor, setReadFor] = useState<string | null>(null);
  const want = opened && designerId ? designerId : null;
  if (want !== readFor) {
    setReadFor(want);
    if (want) setRecent(readRecent(want));
  }
  const markRead = useMarkMessagesRead();
  const online = useUpdateOnlineStatus();
  const scheme = useSetColorScheme();
  const shown = useComputedColorScheme('light');

  useEffect(() => {
    if (opened) spotlight.open();
    else spotlight.close();
  }, [opened, spotlight]);

  const has = (path: string) => entries.some((e) => e.path === path);
  const q = debounced;
  const searching = q.length > 0;
  const tickets = useQuery({
    ...ticketQueries.list({ page: 1, pageSize: RESULTS, keyword: q, sort_by: 'updated_at', sort_order: 'desc' }),
    enabled: opened && searching && has(TICKETS_PATH),
  });
  const designers = useQuery({
    ...teamDesignerQueries.list({ page: 1, pageSize: RESULTS, keyword: q }),
    enabled: opened && searching && isLead && has(DESIGNERS_PATH),
  });
  const templates = useQuery({
    ...templateQueries.list({ page: 1, pageSize: RESULTS, q }),
    enabled: opened && searching && has(TEMPLATES_PATH),
  });
  const stale = query.trim() !== debounced;
  const loading =
    searching && ((tickets.isFetching && tickets.isEnabled) || (designers.isFetching && designers.isEnabled) || (templates.isFetching && templates.isEnabled));

  const accepting = profile?.online_ticket_status === 1;
  const actions: PaletteAction[] = [
    ...(has(MESSAGES_PATH) ? [{ name: 'mark-all-read' as const, label: '全部消息标为已读', description: '把所有未读消息标为已读' }] : []),
    ...(profile
      ? [
          {
            name: 'toggle-accepting' as const,
            label: accepting ? '暂停接单' : '开始接单',
            description: accepting ? '暂停后不会收到系统派发的新工单' : '系统会按技能和产能向你派发新工单',
          },
        ]
      : []),
    ...(isLead && has(MESSAGES_PATH) ? [{ name: 'new-announcement' as const, label: '发布公告', description: '向团队发布一条新公告' }] : []),
    {
      name: 'toggle-color-scheme',
      label: shown === 'dark' ? '切换为浅色模式' : '切换为深色模式',
      description: '配色会保存在你的账号中',
    },
    { name: 'shortcuts', label: '键盘快捷键', description: '查看所有快捷键' },
  ];

  const remember = (item: RecentItem) => {
    if (designerId) setRecent(pushRecent(designerId, item));
  };
  const go = (item: RecentItem) => {
    remember(item);
    if (item.href) void navigate({ href: item.href });
  };
  const run = (action: PaletteAction) => {
    remember({ kind: 'action', key: action.name, label: action.label });
    switch (action.name) {
      case 'mark-all-read':
        markRead.mutate({ all: true });
        break;
      case 'toggle-accepting':
        online.mutate(accepting ? 0 : 1);
        break;
      case 'new-announcement':
        setAnnouncing(true);
        break;
      case 'toggle-color-scheme':
        scheme.mutate(shown === 'dark' ? 'light' : 'dark');
        break;
      case 'shortcuts':
        onShowShortcuts();
        break;
    }
  };
  const runRecent = (item: RecentItem) => {
    if (item.kind !== 'action') return go(item);
    const action = actions.find((a) => a.name === item.key);
    if (action) run(action);
  };

  const pages = searching
    ? entries.filter((e) => !e.hidden && !e.path.includes(':') && (matches(e.title, q) || matches(e.path, q))).slice(0, PAGES_SHOWN)
    : [];
  const shownActions = searching ? actions.filter((a) => matches(a.label, q) || matches(a.description, q)) : [];
  const recentShown = searching ? [] : recent.filter((r) => r.kind !== 'action' || actions.some((a) => a.name === r.key));
  const ticketItems = searching && tickets.isEnabled ? (tickets.data?.items ?? []) : [];
  const designerItems = searching && designers.isEnabled ? (designers.data?.items ?? []) : [];
  const templateItems = searching && templates.isEnabled ? (templates.data?.items ?? []) : [];
  const nothing =
    searching &&
    !loading &&
    !stale &&
    pages.length + shownActions.length + ticketItems.length + designerItems.length + templateItems.length === 0;

  return (
    <>
      <Spotlight.Root
        store={store}
        query={query}
        onQueryChange={setQuery}
        shortcut={null}
        onSpotlightClose={onClose}
        scrollable
        maxHeight={460}
        size="lg"
        // The dialog's accessible name (Mantine labels a modal by its title).
        title="命令面板"
      >
        <Spotlight.Search placeholder="搜索订单号、工单标题、设计师、模板、页面或操作" aria-label="命令面板搜索" leftSection={<SearchIcon />} />
        <Spotlight.ActionsList aria-label="搜索结果">
          {recentShown.length > 0 ? (
            <Spotlight.ActionsGroup label="最近使用">
              {recentShown.map((r) => (
                <Spotlight.Action
                  key={`${r.kind}:${r.key}`}
                  label={r.label}
                  description={r.description}
                  leftSection={<KindTag kind={r.kind} />}
                  onClick={() => runRecent(r)}
                />
              ))}
            </Spotlight.ActionsGroup>
          ) : null}
          {!searching && recentShown.length === 0 ? (
            <Spotlight.Empty>输入订单号、标题、设计师或页面名称开始搜索；按 ? 查看键盘快捷键</Spotlight.Empty>
          ) : null}
          {ticketItems.length > 0 ? (
            <Spotlight.ActionsGroup label="工单">
              {ticketItems.map((t) => (
                <Spotlight.Action
                  key={t.ticket_id}
                  label={t.order_no}
                  description={t.title}
                  leftSection={<KindTag kind="ticket" />}
                  data-testid="palette-ticket"
                  onClick={() =>
                    go({ kind: 'ticket', key: String(t.ticket_id), label: t.order_no, description: t.title, href: `${TICKETS_PATH}?ticket=${t.ticket_id}` })
                  }
                />
              ))}
            </Spotlight.ActionsGroup>
          ) : null}
          {designerItems.length > 0 ? (
            <Spotlight.ActionsGroup label="设计师">
              {designerItems.map((d) => (
                <Spotlight.Action
                  key={d.designer_id}
                  label={d.designer_name}
                  description={d.phone}
                  leftSection={<KindTag kind="designer" />}
                  onClick={() =>
                    go({
                      kind: 'designer',
                      key: d.designer_id,
                      label: d.designer_name,
                      description: d.phone,
                      href: `${DESIGNERS_PATH}/detail/${encodeURIComponent(d.designer_id)}`,
                    })
                  }
                />
              ))}
            </Spotlight.ActionsGroup>
          ) : null}
          {templateItems.length > 0 ? (
            <Spotlight.ActionsGroup label="模板">
              {templateItems.map((t) => (
                <Spotlight.Action
                  key={t.template_id}
                  label={t.title}
                  leftSection={<KindTag kind="template" />}
                  onClick={() => go({ kind: 'template', key: String(t.template_id), label: t.title, href: `${TEMPLATES_PATH}?id=${t.template_id}` })}
                />
              ))}
            </Spotlight.ActionsGroup>
          ) : null}
          {pages.length > 0 ? (
            <Spotlight.ActionsGroup label="页面">
              {pages.map((e) => (
                <Spotlight.Action
                  key={e.path}
                  label={e.title}
                  leftSection={<KindTag kind="page" />}
                  onClick={() => go({ kind: 'page', key: e.path, label: e.title, href: e.path })}
                />
              ))}
            </Spotlight.ActionsGroup>
          ) : null}
          {shownActions.length > 0 ? (
            <Spotlight.ActionsGroup label="操作">
              {shownActions.map((a) => (
                <Spotlight.Action key={a.name} label={a.label} description={a.description} leftSection={<KindTag kind="action" />} onClick={() => run(a)} />
              ))}
            </Spotlight.ActionsGroup>
          ) : null}
          {searching && (loading || stale) ? (
            <Center py="sm" role="status">
              <Group gap="xs">
                <Loader size="xs" />
                <Text size="sm" c="dimmed">
                  搜索中…
                </Text>
              </Group>
            </Center>
          ) : null}
          {nothing ? <Spotlight.Empty>没有找到匹配的结果</Spotlight.Empty> : null}
        </Spotlight.ActionsList>
      </Spotlight.Root>
      {isLead ? <PublishAnnouncementModal opened={announcing} onClose={() => setAnnouncing(false)} uploadImage={(file) => uploadFile(file, 'announcement')} /> : null}
    </>
  );
}

function KindTag({ kind }: { kind: RecentKind }) {
  return (
    <Text size="xs" c="dimmed" w={40} ta="center" component="span">
      {KIND_TEXT[kind]}
    </Text>
  );
}

function SearchIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}
