import { screen } from '@testing-library/react';

/**
 * react-admin's notification (a MUI Snackbar) once it says `text`. The role app renders it
 * (RoleApp's TopNotification); a test renders react-admin's <Notification /> beside the screen.
 * Fails when the text shows elsewhere only (inline in the form).
 */
export async function findNotification(text: string | RegExp): Promise<HTMLElement> {
  const el = await screen.findByText(text);
  const snackbar = el.closest<HTMLElement>('.MuiSnackbar-root');
  if (!snackbar) throw new Error(`"${el.textContent}" shows, but not in the notification`);
  return snackbar;
}
