import { useCallback } from 'react';
import { useNotify } from 'react-admin';

/**
 * A success said in react-admin's notification (the role app's top-centre toast) for `ms`, the
 * screen's own time (2 s on forms, 3 s on credit forms, 5 s for games). The text arrives translated
 * already (a catalogue text or the server's message), so it goes as the notification's own default rather than as a key.
 * Errors that belong to the form stay in the form.
 */
export function useSuccessNotify(ms: number): (text: string) => void {
  const notify = useNotify();
  return useCallback((text: string) => notify(text, { type: 'success', autoHideDuration: ms, messageArgs: { _: text } }), [notify, ms]);
}
