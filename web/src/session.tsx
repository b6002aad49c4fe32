/**
 * Who is logged in: the token lives in localStorage, the user is asked of
 * the API (`me`). A session ends when the player logs out, or when the
 * server ends it (logged out everywhere, password changed): then the page
 * forgets the token and asks to log in.
 */
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { ApiError, onSessionEnded, request, storedToken, storeToken } from './api/client';
import { LOGIN, LOGOUT, ME, REGISTER } from './api/operations';
import type { Me } from './api/types';

export interface AuthPayload {
  token: string;
  user: Me;
}

interface Session {
  /** undefined while the stored token is being checked. */
  me: Me | null | undefined;
  login(email: string, password: string): Promise<void>;
  /** Signs up; returns true when the address must be verified first (a link was mailed). */
  register(email: string, password: string, displayName: string): Promise<boolean>;
  /** Signs in with what a verification or reset link gave. */
  signedIn(payload: AuthPayload): void;
  /** The account changed (name, pending address). */
  updated(me: Me): void;
  logout(): Promise<void>;
  /** The session was ended (by the player, elsewhere): forget it. */
  forget(): void;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [me, setMe] = useState<Me | null | undefined>(storedToken() ? undefined : null);

  const forget = useCallback(() => {
    storeToken(null);
    setMe(null);
  }, []);

  useEffect(() => {
    onSessionEnded(forget);
    if (!storedToken()) return;
    request<{ me: Me }>(ME)
      .then((data) => setMe(data.me))
      .catch((error) => {
        // An ended or foreign session: forget it and ask to log in again.
        if (error instanceof ApiError && error.code === 'UNAUTHENTICATED') storeToken(null);
        setMe(null);
      });
  }, [forget]);

  const signedIn = useCallback((payload: AuthPayload) => {
    storeToken(payload.token);
    setMe(payload.user);
  }, []);

  const session: Session = {
    me,
    login: async (email, password) => signedIn((await request<{ login: AuthPayload }>(LOGIN, { email, password })).login),
    register: async (email, password, displayName) => {
      const { register } = await request<{ register: { checkYourMail: boolean; token: string | null; user: Me | null } }>(REGISTER, { email, password, displayName });
      if (register.token && register.user) signedIn({ token: register.token, user: register.user });
      return register.checkYourMail;
    },
    signedIn,
    updated: setMe,
    logout: async () => {
      // Ended on the server too, so the token is worth nothing even if it was copied.
      await request(LOGOUT).catch(() => undefined);
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
