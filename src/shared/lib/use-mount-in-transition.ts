import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, then true once React has rendered the rest in a transition.
 *
 * Why (issue #19): a router or query update reaches React as a synchronous update, so whatever it
 * mounts renders and commits in one task. The signed-in frame and the home page mounted that way
 * in one 400-850 ms task on a phone's CPU (4x slower), most of Lighthouse's blocking time. A
 * component that renders something light first and mounts its heavy part through this hook lets
 * React render that part in slices of a few milliseconds, giving the browser the main thread in
 * between; two such steps one inside the other (frame, then page) also commit in two tasks, not
 * one.
 */
export function useMountInTransition(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  return mounted;
}
