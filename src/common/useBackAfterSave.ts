import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** How long the operator reads the success message before a saved form goes back one step. */
export const BACK_AFTER_SAVE_MS = 1000;

/** The key of the browser's current history entry: the browser router writes it there at once, before React renders the new page. */
const currentEntryKey = (): string | undefined => (window.history.state as { key?: string } | null)?.key;

/**
 * After a save the form goes back where it came from, unless the operator has already gone
 * elsewhere: a menu click inside the delay pushes a page before React unmounts the form, and a
 * blind navigate(-1) would then pull the operator back onto the form they just left.
 */
export function useBackAfterSave(saved: boolean, ms = BACK_AFTER_SAVE_MS): void {
  const navigate = useNavigate();
  const { key } = useLocation();
  useEffect(() => {
    if (!saved) return;
    const back = setTimeout(() => {
      const now = currentEntryKey();
      if (now === undefined || now === key) navigate(-1);
    }, ms);
    return () => clearTimeout(back);
  }, [saved, navigate, key, ms]);
}
