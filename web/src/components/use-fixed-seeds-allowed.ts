/** Whether this server takes a fixed seed for a new game (testing servers only), asked of the API once per page load. */
import { useEffect, useState } from 'react';
import { request } from '../api/client';
import { FIXED_SEEDS_ALLOWED } from '../api/operations';

let cached: Promise<boolean> | null = null;

export function useFixedSeedsAllowed(): boolean {
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    cached ??= request<{ fixedSeedsAllowed: boolean }>(FIXED_SEEDS_ALLOWED).then((data) => data.fixedSeedsAllowed);
    cached.then(setAllowed).catch(() => {
      cached = null;
    });
  }, []);
  return allowed;
}
