/** The page frame and which page a path shows. Games can be watched logged out; everything else asks to log in. */
import { GamePage } from './pages/game-page';
import { LobbyPage } from './pages/lobby-page';
import { LoginPage } from './pages/login-page';
import { Link, useRouter } from './router';
import { useSession } from './session';

function Header() {
  const { me, logout } = useSession();
  return (
    <header className="top">
      <Link to="/" className="brand">
        Play by Web
      </Link>
      {me && (
        <span className="who">
          {me.displayName}
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
  return me ? <LobbyPage /> : <LoginPage />;
}

export function App() {
  return (
    <>
      <Header />
      <Page />
    </>
  );
}
