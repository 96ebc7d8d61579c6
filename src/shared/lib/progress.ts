import { PROGRESS_BAR } from '@/shared/config/constants';

type Listener = (value: number | null) => void;

/**
 * Page-load progress (spec §9: minimum 0.08, speed 200 ms, trickle every 800 ms).
 * `value` is null while idle. The bar eases towards 1 and never reaches it until `done()`.
 */
export function createProgress({ minimum, trickleMs } = PROGRESS_BAR) {
  let value: number | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((l) => l(value));

  const set = (n: number | null) => {
    value = n === null ? null : Math.min(Math.max(n, minimum), 1);
    emit();
  };

  function trickleAmount(n: number) {
    if (n < 0.2) return 0.1;
    if (n < 0.5) return 0.04;
    if (n < 0.8) return 0.02;
    if (n < 0.99) return 0.005;
    return 0;
  }

  return {
    get value() {
      return value;
    },
    start() {
      if (hideTimer) clearTimeout(hideTimer);
      if (value === null || value >= 1) set(minimum);
      if (timer) return;
      timer = setInterval(() => {
        if (value !== null && value < 1) set(Math.min(value + trickleAmount(value), 0.994));
      }, trickleMs);
    },
    done() {
      if (timer) clearInterval(timer);
      timer = undefined;
      if (value === null) return;
      set(1);
      hideTimer = setTimeout(() => set(null), PROGRESS_BAR.speedMs * 2);
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const pageProgress = createProgress();
