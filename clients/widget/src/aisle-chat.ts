/**
 * The widget's one script: defines `<aisle-chat>` (the chat) and `<aisle-shared-dialog>`
 * (a shared snapshot, read-only). Served by Aisle at `/widget/v1/aisle-chat.js`; a shop
 * bundling it from the package gets the same elements.
 */
import { AisleChatElement } from './chat-element.ts';
import { AisleSharedDialogElement } from './shared-element.ts';

export { AisleChatElement, AisleSharedDialogElement };
export type { PageContextInput } from './page-context.ts';

// A page may load the script twice (the shop's bundle and the served file): the first one wins.
if (!customElements.get('aisle-chat')) {
  customElements.define('aisle-chat', AisleChatElement);
}
if (!customElements.get('aisle-shared-dialog')) {
  customElements.define('aisle-shared-dialog', AisleSharedDialogElement);
}

declare global {
  interface HTMLElementTagNameMap {
    'aisle-chat': AisleChatElement;
    'aisle-shared-dialog': AisleSharedDialogElement;
  }
}
