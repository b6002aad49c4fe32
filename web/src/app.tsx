/** The page frame and which page a path shows. Games can be watched logged out; mail links open their own pages; everything else asks to log in. */
import { AccountPage } from './pages/account-page';
import { GamePage } from './pages/game-page';
import { GroupPage } from './pages/group-page';
import { JoinGroupPage } from './pages/join-group-page';
import { groupRoute } from './groups/group-paths';
import { LeaguePage } from './pages/league-page';
import { ResetPasswordPage, VerifyEmailPage } from './pages/link-pages';
import { LobbyPage } from './pages/lobby-page';
import { LoginPage } from './pages/login-page';
import { PlayerPage } from './pages/player-page';
import { SettingsPage } from './pages/settings-page';
import { ACCOUNT_PATH, isPage, isSettings, Link, SETTINGS_PATH, useRouter } from './router';
import { useSession } from './session';
import { useTheme, type ThemeChoice } from './theme';

/** Light, dark, or as the system says. */
function ThemeSwitch() {
  const [choice, choose] = useTheme();
  return (
    <label className="theme">
      Theme
      <select value={choice} onChange={(event) => choose(event.target.value as ThemeChoice)}>
        <option value="system">As the system</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </select>
    </label>
  );
}

function Header() {
  const { me, logout } = useSession();
  const { location } = useRouter();
  return (
    <header className="top">
      <Link to="/" className="brand">
        Play by Web
      </Link>
      <ThemeSwitch />
      {me && (
        <span className="who">
          {me.displayName}
          <Link to={SETTINGS_PATH} className="link" aria-current={isSettings(location) ? 'page' : undefined}>
            Settings
          </Link>
          <Link to={ACCOUNT_PATH} className="link" aria-current={isPage(location, ACCOUNT_PATH) ? 'page' : undefined}>
            Account
          </Link>
          <button className="link" onClick={() => void logout()}>
            Log out
          </button>
        </span>
      )}
    </header>
  );
}

/** The log-in page a signed-out visitor sees at this path: a mail's sign-up or password link opens the right form. */
function SignedOutPage() {
  const { location } = useRouter();
  if (isPage(location, '/sign-up')) return <LoginPage initialMode="register" initialEmail={location.query.get('email') ?? ''} />;
  if (isPage(location, '/forgot-password')) return <LoginPage initialMode="forgot" />;
  return <LoginPage />;
}

/** The paths the page shows besides `/`, a game's and a player's (the server sends index.html for these: src/web/serve-web-app.ts). */
const PAGE_PATHS = [SETTINGS_PATH, ACCOUNT_PATH, '/sign-up', '/forgot-password', '/verify-email', '/reset-password'];

/** A mistyped or outdated address: the server answers it with this page and 404. */
function NoSuchPage() {
  const { me } = useSession();
  return (
    <main className="no-such-page">
      <h1>No such page</h1>
      <p>There is nothing at this address: the link may be mistyped, or out of date.</p>
      <p>
        <Link to="/">{me ? 'Go to your games' : 'Go to the start page'}</Link>
      </p>
    </main>
  );
}

function Page() {
  const { me } = useSession();
  const { location } = useRouter();
  const game = /^\/games\/([^/]+)\/?$/.exec(location.path);
  const league = /^\/leagues\/([^/]+)\/?$/.exec(location.path);
  const group = groupRoute(location.path);
  const player = /^\/players\/([^/]+)\/?$/.exec(location.path);
  if (!game && !league && !group && !player && location.path !== '/' && !PAGE_PATHS.some((path) => isPage(location, path))) return <NoSuchPage />;
  const token = location.query.get('token') ?? '';
  if (isPage(location, '/verify-email')) return <VerifyEmailPage token={token} />;
  if (isPage(location, '/reset-password')) return <ResetPasswordPage token={token} />;
  if (me === undefined) return <p className="muted">Loading…</p>;
  if (game) {
    return (
      <>
        {!me && <LoginPage />}
        <GamePage key={`${game[1]}:${me?.id ?? ''}`} id={game[1]} />
      </>
    );
  }
  if (group && 'code' in group) return <JoinGroupPage code={group.code} />;
  // A player's profile is public, as their ratings are: anyone may check them.
  if (player) return <PlayerPage key={player[1]} id={player[1]} />;
  if (!me) return <SignedOutPage />;
  if (group) return <GroupPage key={group.groupId} id={group.groupId} />;
  if (league) return <LeaguePage key={league[1]} id={league[1]} />;
  if (isPage(location, ACCOUNT_PATH)) return <AccountPage />;
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
