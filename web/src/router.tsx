/**
 * A very small client-side router: the page path is the state. The server
 * answers every non-API path with index.html, so links like /games/<id>
 * from an email open straight onto the game.
 */
import { createContext, useContext, useEffect, useState, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';

interface Location {
  path: string;
  query: URLSearchParams;
}

/**
 * The settings page (email and vacations). A query on `/` rather than a path
 * of its own: the server sends index.html for `/` and `/games/<id>` only
 * (src/web/serve-web-app.ts), and this way a reload or bookmark still opens it.
 */
export const SETTINGS_PATH = '/settings';

export function isSettings(location: Location): boolean {
  return isPage(location, SETTINGS_PATH);
}

/** The account page: name, address, password, sessions, deletion. */
export const ACCOUNT_PATH = '/account';

/** Whether the page shows `path` (a trailing slash or not). */
export function isPage(location: Location, path: string): boolean {
  return location.path.replace(/\/$/, '') === path;
}

const RouterContext = createContext<{ location: Location; navigate: (to: string) => void } | null>(null);

function current(): Location {
  return { path: window.location.pathname, query: new URLSearchParams(window.location.search) };
}

export function RouterProvider({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(current);
  useEffect(() => {
    const onPop = () => setLocation(current());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = (to: string) => {
    window.history.pushState(null, '', to);
    setLocation(current());
    window.scrollTo(0, 0);
  };
  return <RouterContext.Provider value={{ location, navigate }}>{children}</RouterContext.Provider>;
}

export function useRouter() {
  const router = useContext(RouterContext);
  if (!router) throw new Error('useRouter outside RouterProvider');
  return router;
}

/** An ordinary link that changes the page without reloading it. */
export function Link({ to, children, ...rest }: { to: string; children: ReactNode } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const { navigate } = useRouter();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} onClick={onClick} {...rest}>
      {children}
    </a>
  );
}
