// Notification permission for reminders (SPEC §11.4): asked when a person first sets a reminder,
// never on load. 'unsupported' where the platform has no notifications (then reminders are toasts
// while the app is open, like 'denied').
export type ReminderPermission = 'granted' | 'denied' | 'default' | 'unsupported';

export function reminderPermission(): ReminderPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks only while the person hasn't answered; otherwise returns the answer they gave. */
export async function askReminderPermission(): Promise<ReminderPermission> {
  const now = reminderPermission();
  if (now !== 'default') return now;
  try {
    return await Notification.requestPermission();
  } catch {
    return reminderPermission();
  }
}

/** What the dialog says when notifications are blocked: that they are, and how to allow them. */
export const BLOCKED_MESSAGE =
  'Notifications are blocked for Daybook, so reminders show only while the app is open. To allow them, open the site settings (the icon left of the address) and set Notifications to Allow.';
