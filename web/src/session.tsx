/** Who is logged in: the token lives in localStorage, the user is asked of the API (`me`). */
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { ApiError, request, storedToken, storeToken } from './api/client';
import { LOGIN, ME, REGISTER } from './api/operations';
import type { Me } from './api/types';

interface Session {
  /** undefined while the stored token is being checked. */
  me: Me | null | undefined;
  login(email: string, password: string): Promise<void>;
  register(email: string, password: string, displayName: string): Promise<void>;
  logout(): void;
}

const SessionContext = createContext<Session | null>(null);

type AuthPayload = { token: string; user: Me };

export function SessionProvider({ children }: { children: ReactNode }) {
  const [me, setMe] = useState<Me | null | undefined>(storedToken() ? undefined : null);

  useEffect(() => {
    if (!storedToken()) return;
    request<{ me: Me }>(ME)
      .then((data) => setMe(data.me))
      .catch((error) => {
        // An expired or foreign token: forget it and ask to log in again.
        if (error instanceof ApiError && error.code === 'UNAUTHENTICATED') storeToken(null);
        setMe(null);
      });
  }, []);

  const signedIn = useCallback((payload: AuthPayload) => {
    storeToken(payload.token);
    setMe(payload.user);
  }, []);

  const session: Session = {
    me,
    login: async (email, password) => signedIn((await request<{ login: AuthPayload }>(LOGIN, { email, password })).login),
    register: async (email, password, displayName) =>
      signedIn((await request<{ register: AuthPayload }>(REGISTER, { email, password, displayName })).register),
    logout: () => {
      storeToken(null);
      setMe(null);
    },
  };
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
