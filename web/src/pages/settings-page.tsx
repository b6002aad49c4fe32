/** The settings page (SETTINGS_PATH): how each kind of email arrives, and vacations. */
import { useEffect, useState } from 'react';
import { request } from '../api/client';
import { problemOf, type Problem } from '../api/errors';
import { NOTIFICATION_SETTINGS } from '../api/operations';
import type { NotificationSettings } from '../api/types';
import { EmailSettingsForm } from '../components/email-settings-form';
import { ProblemBanner } from '../components/problem-banner';
import { UndeliveredNotice } from '../components/undelivered-notice';
import { VacationsSection } from '../components/vacations-section';

export function SettingsPage() {
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);

  useEffect(() => {
    request<{ notificationSettings: NotificationSettings }>(NOTIFICATION_SETTINGS)
      .then((data) => setSettings(data.notificationSettings))
      .catch((error) => setProblem(problemOf(error)));
  }, []);

  return (
    <main className="settings">
      <h1>Settings</h1>
      <ProblemBanner problem={problem} />
      {settings ? (
        <>
          <UndeliveredNotice emails={settings.undeliveredEmails} />
          <EmailSettingsForm deliveries={settings.deliveries} onSaved={setSettings} />
          <VacationsSection settings={settings} onChanged={setSettings} />
        </>
      ) : (
        !problem && <p className="muted">Loading…</p>
      )}
    </main>
  );
}
