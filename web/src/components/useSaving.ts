import { useCallback, useState } from 'react';

/**
 * A dialog's save: `saving` while `run`'s work is in flight. A failure was already shown by the HTTP
 * layer (spec §8), so it is swallowed here and the dialog stays open for the user to fix it.
 */
export function useSaving() {
  const [saving, setSaving] = useState(false);
  const run = useCallback(async (work: () => Promise<unknown>) => {
    setSaving(true);
    try {
      await work();
    } catch {
      // the HTTP layer showed the server's message
    } finally {
      setSaving(false);
    }
  }, []);
  return { saving, run };
}
