import { AppShell, Box, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMatches, useNavigate, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { findMenuEntry, flattenMenu, menuQueries } from '@/entities/menu';
import { messageQueries } from '@/entities/message';
import { useColorSchemeSync } from '@/features/color-scheme';
import { GuidanceTour } from '@/features/guidance-tour';
import { useOpenMessage, useRealtimeSync } from '@/features/realtime-sync';
import { useDismissBootShell, useGlobalHotkeys, useMountInTransition } from '@/shared/lib';
import { notify } from '@/shared/ui';
import { GO_PATHS } from '../model/shortcuts';
import { type Tab, tabOps, tabsStore } from '../model/tabs';
import { Header } from './header';
import { KeepAlive } from './keep-alive';
import { ShortcutSheet } from './shortcut-sheet';
import { Sidebar } from './sidebar';
import { TagsView } from './tags-view';

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

// The command palette (Spotlight and its styles) loads on its first use, not with the frame.
const CommandPalette = lazy(() => import('./command-palette').then((m) => ({ default: m.CommandPalette })));

/**
 * The signed-in frame. It renders in slices after the route has mounted (issue #19,
 * useMountInTransition); index.html's first-paint frame stays on screen until it commits.
 */
export function AppLayout() {
  return useMountInTransition() ? <AppFrame /> : null;
}

/** Sidebar menu, top bar, tabs and the kept-alive pages. */
function AppFrame() {
  // index.html's first-paint frame stood in for this one until now.
  useDismissBootShell();
  // The person's colour scheme, kept on the server, applies from the first signed-in screen.
  useColorSchemeSync();
  const navigate = useNavigate();
  const [navOpened, nav] = useDisclosure(false);
  const matches = useMatches();
  const leaf = matches[matches.length - 1]!;
  const path = leaf.pathname;
  // The resolved location changes together with the matches; the live one runs ahead of them.
  const resolved = useRouterState({ select: (s) => s.resolvedLocation ?? s.location });
  const href = resolved.pathname === path ? resolved.pathname + resolved.searchStr : path;
  const { data: tree } = useQuery(menuQueries.tree());
  const entries = useMemo(() => flattenMenu(tree ?? []), [tree]);
  const entry = findMenuEntry(entries, path);
  const title = leaf.staticData?.title ?? entry?.title ?? path;
  const keepAlive = leaf.staticData?.keepAlive ?? entry?.keepAlive ?? true;
  const showInTabs = leaf.staticData?.showInTabs ?? entry?.showInTabs ?? true;
  const menuActive = entry?.activeMenu || entry?.path || path;
  const tabs = useSyncExternalStore(tabsStore.subscribe, tabsStore.get);
  const hasMessageCenter = entries.some((e) => e.path === '/message-center/index');
  const { data: unread } = useQuery({ ...messageQueries.unread(), enabled: hasMessageCenter });
  const unreadTotal = unread?.total ?? 0;
  // Header, sidebar and pages are memoised (issue #19): what they get keeps its identity while it
  // means the same, so the layout's own updates (a count, the realtime status) do not render them.
  const badges = useMemo(() => ({ '/message-center/index': unreadTotal }), [unreadTotal]);
  const openPaths = useMemo(() => tabs.map((t) => t.path), [tabs]);

  // A notification opens what it is about, as a row of the message centre does.
  const realtime = useRealtimeSync(useOpenMessage());

  // Keyboard (issue #18): Ctrl/⌘+K the palette, ? the shortcut sheet, g then t/m/f a page.
  const [palette, setPalette] = useState<'unloaded' | 'open' | 'closed'>('unloaded');
  const [sheetOpen, sheet] = useDisclosure(false);
  const openPalette = useCallback(() => setPalette('open'), []);
  useGlobalHotkeys({
    onPalette: openPalette,
    onHelp: sheet.open,
    onGo: (target) => {
      const { path: to, title: page } = GO_PATHS[target];
      if (entries.some((e) => e.path === to)) void navigate({ to });
      else notify(`你的菜单中没有「${page}」`, 'warning');
    },
  });

  useEffect(() => {
    if (showInTabs) tabsStore.visit({ path, href, title, affix: path === '/home' });
  }, [path, href, title, showInTabs]);

  // Spec §2: scroll resets to the top on navigation. When the layout first mounts, only at the next
  // frame and only if the window is scrolled (coming from a long public page): called at once, it
  // made the browser lay out the half-built first screen, a quarter of a second of a throttled
  // phone's main thread (issue #19).
  const mounted = useRef(false);
  useEffect(() => {
    if (mounted.current) {
      window.scrollTo({ top: 0 });
      return;
    }
    mounted.current = true;
    const frame = requestAnimationFrame(() => {
      if (window.scrollY > 0) window.scrollTo({ top: 0 });
    });
    return () => cancelAnimationFrame(frame);
  }, [path]);

  const signedOut = useCallback(() => {
    tabsStore.reset();
    void navigate({ to: '/login' });
  }, [navigate]);
  const go = (tab: Tab) => void navigate({ href: tab.href });
  const close = (tab: Tab) => {
    if (tab.path === path) {
      const next = tabOps.neighbour(tabs, tab.path);
      tabsStore.close(tab.path);
      if (next) go(next);
    } else tabsStore.close(tab.path);
  };

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding={0}
    >
      <AppShell.Header>
        <Header
          unread={hasMessageCenter ? unreadTotal : null}
          realtime={realtime}
          navOpened={navOpened}
          onToggleNav={nav.toggle}
          onOpenPalette={openPalette}
          onSignedOut={signedOut}
        />
      </AppShell.Header>
      <AppShell.Navbar className="app-navbar" data-closed={navOpened ? undefined : true}>
        <Sidebar tree={tree} activePath={menuActive} onNavigate={nav.close} badges={badges} />
      </AppShell.Navbar>
      <AppShell.Main>
        <TagsView
          tabs={tabs}
          activePath={path}
          onSelect={go}
          onClose={close}
          onCloseOthers={() => tabsStore.closeOthers(path)}
          onTogglePin={(tab) => tabsStore.togglePin(tab.path)}
          onCloseAll={() => {
            tabsStore.closeAll();
            if (path !== '/home') void navigate({ to: '/home' });
          }}
        />
        <Box p="md" component="section" aria-label={title}>
          {/* The page's name heads it for screen readers (the tab strip shows it to the eye). */}
          <Title order={1} style={VISUALLY_HIDDEN}>
            {title}
          </Title>
          <KeepAlive
            activePath={path}
            activeRouteId={leaf.routeId}
            keepAlive={keepAlive}
            openPaths={openPaths}
          />
        </Box>
      </AppShell.Main>
      <GuidanceTour />
      <ShortcutSheet opened={sheetOpen} onClose={sheet.close} />
      {palette !== 'unloaded' ? (
        <Suspense fallback={null}>
          <CommandPalette
            opened={palette === 'open'}
            onClose={() => setPalette('closed')}
            entries={entries}
            onShowShortcuts={sheet.open}
          />
        </Suspense>
      ) : null}
    </AppShell>
  );
}
