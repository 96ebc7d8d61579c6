import { memo } from 'react';
import { Badge, NavLink, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { MenuItem } from '@/entities/menu';
import { ScrollBox } from '@/shared/ui';

interface Props {
  tree: MenuItem[] | undefined;
  /** The menu path to highlight (the entry's own path or its activeMenu). */
  activePath: string;
  onNavigate?: () => void;
  /** Counts shown next to menu entries, by path (e.g. unread messages). */
  badges?: Record<string, number>;
}

function visibleChildren(item: MenuItem) {
  return (item.children ?? []).filter((c) => !c.hidden);
}

/** The server's menu tree, in its order; hidden entries are routed but not listed. */
function SidebarView({ tree, activePath, onNavigate, badges = {} }: Props) {
  const badge = (path: string) =>
    badges[path] ? (
      <Badge size="sm" color="red" variant="filled" aria-label={`${badges[path]}条未读`}>
        {badges[path]! > 99 ? '99+' : badges[path]}
      </Badge>
    ) : null;
  return (
    <ScrollBox h="100%">
      <nav aria-label="主菜单">
        <Stack gap={2} p="xs">
          <NavLink component={Link} to="/home" label="首页" active={activePath === '/home'} onClick={onNavigate} />
          {!tree ? (
            [0, 1, 2].map((i) => <Skeleton key={i} h={32} my={4} radius="sm" />)
          ) : (
            tree.map((dir) => {
              const children = visibleChildren(dir);
              // A hidden directory (another role's, carrying a hidden page this role may open) is not listed.
              if (dir.hidden || children.length === 0) return null;
              if (children.length === 1 && !dir.alwaysShow) {
                const only = children[0]!;
                return (
                  <NavLink
                    key={only.id}
                    component={Link}
                    to={only.path}
                    label={dir.title}
                    rightSection={badge(only.path)}
                    active={activePath === only.path}
                    onClick={onNavigate}
                    data-menu-path={only.path}
                  />
                );
              }
              const open = children.some((c) => c.path === activePath);
              return (
                // A group is a button (unfolding it is an action the keyboard reaches), not a bare anchor.
                <NavLink key={dir.id} component="button" type="button" label={dir.title} defaultOpened={open} childrenOffset={16}>
                  {children.map((c) => (
                    <NavLink
                      key={c.id}
                      component={Link}
                      to={c.path}
                      label={c.title}
                      rightSection={badge(c.path)}
                      active={activePath === c.path}
                      onClick={onNavigate}
                      data-menu-path={c.path}
                    />
                  ))}
                </NavLink>
              );
            })
          )}
          {tree && tree.length === 0 ? (
            <Text size="xs" c="dimmed" px="sm" py="xs">
              更多功能即将在菜单中开放
            </Text>
          ) : null}
        </Stack>
      </nav>
    </ScrollBox>
  );
}

/** Memoised: the menu renders again only when the tree, the active entry or a badge changes. */
export const Sidebar = memo(SidebarView);
