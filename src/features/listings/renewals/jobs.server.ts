/** The renewals' background job: reminders of deals ending within a day, checked every minute. */
import { registerSchedule } from '#platform/jobs/registry.server.ts';
import { sendRenewalReminders } from './renewals.server.ts';

registerSchedule('renewal-reminders', 60_000, sendRenewalReminders);
