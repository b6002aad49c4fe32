/** The settings page (SETTINGS_PATH): how each kind of email arrives, the time zone it is written in, push devices, vacations, the calendar address, and the chat channel of the player's turns. */
import { useState } from 'react';
import { useQuery } from 'urql';
import { problemOf } from '../api/errors';
import { NotificationSettingsDocument, type NotificationSettingsFragment } from '../api/generated';
import { CalendarSection } from '../components/calendar-section';
import { PlayerWebhookSection } from '../components/player-webhook-section';
import { EmailSettingsForm } from '../components/email-settings-form';
import { ProblemBanner } from '../components/problem-banner';
import { PushDevicesSection } from '../components/push-devices-section';
import { TimeZoneForm } from '../components/time-zone-form';
import { UndeliveredNotice } from '../components/undelivered-notice';
import { VacationsSection } from '../components/vacations-section';

export function SettingsPage() {
  const [loaded] = useQuery({ query: NotificationSettingsDocument });
  /** What a change made here answered, newer than what was loaded. */
  const [changed, setChanged] = useState<NotificationSettingsFragment | null>(null);
  const settings = changed ?? loaded.data?.notificationSettings;
  const problem = loaded.error ? problemOf(loaded.error) : null;

  return (
    <main className="settings">
      <h1>Settings</h1>
      <ProblemBanner problem={problem} />
      {settings ? (
        <>
          <UndeliveredNotice emails={settings.undeliveredEmails} />
          <EmailSettingsForm deliveries={settings.deliveries} onSaved={setChanged} />
          <TimeZoneForm />
          <PushDevicesSection />
          <VacationsSection settings={settings} onChanged={setChanged} />
          <CalendarSection />
          <PlayerWebhookSection />
        </>
      ) : (
        !problem && <p className="muted">Loading…</p>
      )}
    </main>
  );
}
