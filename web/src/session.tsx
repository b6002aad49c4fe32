/**
 * Who is logged in: the token lives in localStorage, the user is asked of
 * the API (`me`). A session ends when the player logs out, or when the
 * server ends it (logged out everywhere, password changed): then the page
 * forgets the token and asks to log in.
 */
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useClient } from 'urql';
import { onSessionEnded, storedToken, storeToken } from './api/client';
import { problemOf } from './api/errors';
import { LogoutDocument, MeDocument, type MeFragment, type SignedInFragment } from './api/generated';

interface Session {
  /** undefined while the stored token is being checked. */
  me: MeFragment | null | undefined;
  /** Signs in with what logging in, signing up, or a verification or reset link gave. */
  signedIn(payload: SignedInFragment): void;
  /** The account changed (name, pending address). */
  updated(me: MeFragment): void;
  logout(): Promise<void>;
  /** The session was ended (by the player, elsewhere): forget it. */
  forget(): void;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const client = useClient();
  const [me, setMe] = useState<MeFragment | null | undefined>(storedToken() ? undefined : null);

  const forget = useCallback(() => {
    storeToken(null);
    setMe(null);
  }, []);

  useEffect(() => {
    onSessionEnded(forget);
    if (!storedToken()) return;
    void client.query(MeDocument, {}).then((result) => {
      setMe(result.data?.me ?? null);
      // An ended or foreign session: forget it and ask to log in again.
      if (result.error && problemOf(result.error).code === 'UNAUTHENTICATED') storeToken(null);
    });
  }, [client, forget]);

  const signedIn = useCallback((payload: SignedInFragment) => {
    storeToken(payload.token);
    setMe(payload.user);
  }, []);

  const session: Session = {
    me,
    signedIn,
    updated: setMe,
    logout: async () => {
      // Ended on the server too, so the token is worth nothing even if it was copied; forgotten here whatever it answers.
      await client.mutation(LogoutDocument, {});
      forget();
    },
    forget,
  };
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
