import { Box, Button, FocusTrap, Group, Paper, Portal, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { userQueries } from '@/entities/user';
import { keyAction, markTourSeen, placeCard, type Rect, TOUR_STEPS, tourPending } from '../model/tour';
import { guidanceTour, useGuidanceTour } from '../model/tour-store';

const PAD = 6;
const CARD_WIDTH = 320;

function findTarget(selector: string | undefined): Element | null {
  if (!selector) return null;
  for (const el of document.querySelectorAll(selector)) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) return el;
  }
  return null;
}

function sameRect(a: Rect | null, b: Rect | null) {
  return a === b || (!!a && !!b && a.top === b.top && a.left === b.left && a.width === b.width && a.height === b.height);
}

/**
 * The guidance tour, mounted once by the app layout: starts by itself once after onboarding
 * (per designer), or when `guidanceTour.start()` is called (/new-guidance, the personal centre).
 */
export function GuidanceTour() {
  const tour = useGuidanceTour();
  const { data: profile } = useQuery(userQueries.profile());
  const designerId = profile?.designer_id;

  useEffect(() => {
    if (designerId && profile.current_registration_step >= 6 && tourPending(designerId)) guidanceTour.start();
  }, [designerId, profile?.current_registration_step]);

  if (!tour.open) return null;
  const finish = () => {
    if (designerId) markTourSeen(designerId);
    guidanceTour.dispatch({ type: 'close' });
  };
  return <TourOverlay index={tour.index} onFinish={finish} />;
}

function TourOverlay({ index, onFinish }: { index: number; onFinish: () => void }) {
  const step = TOUR_STEPS[index]!;
  const total = TOUR_STEPS.length;
  const last = index === total - 1;
  const titleId = useId();
  const cardRef = useRef<HTMLDivElement>(null);
  const primaryRef = useRef<HTMLButtonElement>(null);
  const [rect, setRect] = useState<Rect | null>(null);
  const [cardHeight, setCardHeight] = useState(180);
  const [viewport, setViewport] = useState({ width: window.innerWidth, height: window.innerHeight });

  // Follows the target (it may load late, move on resize or scroll).
  useLayoutEffect(() => {
    const measure = () => {
      const el = findTarget(step.target);
      if (el && typeof el.scrollIntoView === 'function') {
        const r0 = el.getBoundingClientRect();
        if (r0.bottom > window.innerHeight || r0.top < 0) el.scrollIntoView({ block: 'nearest' });
      }
      const r = el?.getBoundingClientRect();
      const next = r ? { top: r.top, left: r.left, width: r.width, height: r.height } : null;
      setRect((prev) => (sameRect(prev, next) ? prev : next));
      setViewport((v) => (v.width === window.innerWidth && v.height === window.innerHeight ? v : { width: window.innerWidth, height: window.innerHeight }));
      if (cardRef.current) setCardHeight(cardRef.current.offsetHeight);
    };
    measure();
    const timer = window.setInterval(measure, 400);
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [step.target]);

  useEffect(() => {
    primaryRef.current?.focus();
  }, [index]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = keyAction(e.key);
      if (!action) return;
      e.preventDefault();
      e.stopPropagation();
      if (action.type === 'close' || (action.type === 'next' && last)) onFinish();
      else guidanceTour.dispatch(action);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [last, onFinish]);

  const hole = rect && {
    top: rect.top - PAD,
    left: rect.left - PAD,
    width: rect.width + PAD * 2,
    height: rect.height + PAD * 2,
  };
  const width = Math.min(CARD_WIDTH, viewport.width - 24);
  const place = placeCard(hole, { width, height: cardHeight }, viewport);

  return (
    <Portal>
      <Box data-testid="guidance-tour" style={{ position: 'fixed', inset: 0, zIndex: 400 }}>
        {hole ? (
          <Box
            aria-hidden
            data-testid="guidance-highlight"
            style={{
              position: 'fixed',
              ...hole,
              borderRadius: 8,
              outline: '2px solid var(--mantine-color-blue-4)',
              boxShadow: '0 0 0 9999px rgba(0, 0, 0, 0.55)',
              pointerEvents: 'none',
              transition: 'all 150ms ease',
            }}
          />
        ) : (
          <Box aria-hidden style={{ position: 'fixed', inset: 0, background: 'rgba(0, 0, 0, 0.55)' }} />
        )}
        {/* Tab and Shift+Tab stay inside the card while the tour is open (it is a modal dialog). */}
        <FocusTrap active innerRef={cardRef}>
          <Paper
            role="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            shadow="lg"
            radius="md"
            p="md"
            withBorder
            style={{ position: 'fixed', top: place.top, left: place.left, width }}
          >
            <Text size="xs" c="dimmed" mb={4}>
              新手引导 {index + 1} / {total}
            </Text>
            <Title order={2} size="h5" id={titleId} mb={6}>
              {step.title}
            </Title>
            <Text size="sm">{step.body}</Text>
            <Group justify="space-between" mt="md" gap="xs" wrap="nowrap">
              <Button variant="subtle" color="gray" size="xs" onClick={onFinish}>
                跳过
              </Button>
              <Group gap="xs" wrap="nowrap">
                {index > 0 ? (
                  <Button variant="default" size="xs" onClick={() => guidanceTour.dispatch({ type: 'prev' })}>
                    上一步
                  </Button>
                ) : null}
                <Button ref={primaryRef} data-autofocus size="xs" onClick={last ? onFinish : () => guidanceTour.dispatch({ type: 'next' })}>
                  {last ? '完成' : '下一步'}
                </Button>
              </Group>
            </Group>
          </Paper>
        </FocusTrap>
      </Box>
    </Portal>
  );
}
