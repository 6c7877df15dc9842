/**
 * The dialog ownership rule, a policy apart from storage: generation, history, the dialog
 * list and sharing all decide with it, so no request reveals another owner's dialog.
 */
import type { Dialog } from '../../db/types.ts';

/**
 * Whether the caller may see this dialog: it belongs to the caller's guest session, or —
 * for resources never registered — to no session. A mismatch is answered exactly like a
 * missing dialog.
 */
export function ownedBy(dialog: Dialog, sessionId: string | null): boolean {
  return dialog.session_id === sessionId;
}
