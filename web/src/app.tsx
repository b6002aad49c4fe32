/** The page frame and which page a path shows. Games can be watched logged out; everything else asks to log in. */
import { GamePage } from './pages/game-page';
import { LobbyPage } from './pages/lobby-page';
import { LoginPage } from './pages/login-page';
import { SettingsPage } from './pages/settings-page';
import { isSettings, Link, SETTINGS_PATH, useRouter } from './router';
import { useSession } from './session';

function Header() {
  const { me, logout } = useSession();
  const { location } = useRouter();
  return (
    <header className="top">
      <Link to="/" className="brand">
        Play by Web
      </Link>
      {me && (
        <span className="who">
          {me.displayName}
          <Link to={SETTINGS_PATH} className="link" aria-current={isSettings(location) ? 'page' : undefined}>
            Settings
          </Link>
          <button className="link" onClick={logout}>
            Log out
          </button>
        </span>
      )}
    </header>
  );
}

function Page() {
  const { me } = useSession();
  const { location } = useRouter();
  const game = /^\/games\/([^/]+)$/.exec(location.path);
  if (me === undefined) return <p className="muted">Loading…</p>;
  if (game) {
    return (
      <>
        {!me && <LoginPage />}
        <GamePage key={`${game[1]}:${me?.id ?? ''}`} id={game[1]} />
      </>
    );
  }
  if (!me) return <LoginPage />;
  return isSettings(location) ? <SettingsPage /> : <LobbyPage />;
}

export function App() {
  return (
    <>
      <Header />
      <Page />
    </>
  );
}
