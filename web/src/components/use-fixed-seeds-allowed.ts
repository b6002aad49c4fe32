/** Whether this server takes a fixed seed for a new game (testing servers only), asked of the API once per page load. */
import { useEffect, useState } from 'react';
import { client } from '../api/client';
import { FixedSeedsAllowedDocument } from '../api/generated';

let cached: Promise<boolean> | null = null;

async function readFixedSeedsAllowed(): Promise<boolean> {
  const { data, error } = await client.query(FixedSeedsAllowedDocument, {});
  if (!data) throw error;
  return data.fixedSeedsAllowed;
}

export function useFixedSeedsAllowed(): boolean {
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    cached ??= readFixedSeedsAllowed();
    cached.then(setAllowed).catch(() => {
      cached = null;
    });
  }, []);
  return allowed;
}
