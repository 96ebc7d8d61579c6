import { useSyncExternalStore } from 'react';
import { CLOSED, type TourAction, type TourState, tourReducer, TOUR_STEPS } from './tour';

let state: TourState = CLOSED;
const listeners = new Set<() => void>();

/** The app-wide tour state: the layout renders it, anyone may start it. */
export const guidanceTour = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  dispatch(action: TourAction) {
    const next = tourReducer(state, action, TOUR_STEPS.length);
    if (next === state) return;
    state = next;
    for (const l of listeners) l();
  },
  start: () => guidanceTour.dispatch({ type: 'start' }),
};

export function useGuidanceTour(): TourState {
  return useSyncExternalStore(guidanceTour.subscribe, guidanceTour.get, guidanceTour.get);
}
