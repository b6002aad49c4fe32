import { useCallback, useRef } from 'react';

/**
 * A function that stays the same from render to render and calls the latest
 * `fn` given: for children drawn again only when their props change, and for
 * effects that must not start again because the caller made a new closure.
 */
export function useStableCallback<Args extends unknown[], Result>(fn: (...args: Args) => Result): (...args: Args) => Result {
  const latest = useRef(fn);
  latest.current = fn;
  return useCallback((...args: Args) => latest.current(...args), []);
}
