import { useEffect } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { onSessionEnded } from '../dataProvider/http';

/**
 * A session the server ended (a restore, a revoke, a logout elsewhere) answers 401 to any call,
 * react-admin's or a screen's own: every one goes through authProvider.checkError, which logs out
 * and goes to the login page, instead of leaving "Session expired" as an error on the screen.
 */
export function SessionEndWatch() {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  useEffect(() => onSessionEnded((err) => void logoutIfAccessDenied(err)), [logoutIfAccessDenied]);
  return null;
}
