// The browser's side of the read state (worker/api/notifications.ts): both the bell and the list page mark through
// these, and learn the new unread count from the answer.
export const NOTIFICATION_API = "/api/features/notification";

async function post(path: string, json: unknown): Promise<number | null> {
  const response = await fetch(`${NOTIFICATION_API}/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(json),
  }).catch(() => null);
  if (!response?.ok) return null;
  const body = (await response.json().catch(() => null)) as { data?: { unreadCount?: number } } | null;
  return body?.data?.unreadCount ?? null;
}

/** Marks one notice read; the new unread count, or null when the call failed. */
export const markNotificationRead = (notificationId: string) => post("read", { notificationId });
export const markAllNotificationsRead = () => post("read-all", {});
