/**
 * What the widget remembers in the buyer's browser, per tenant: the buyer's generated id and
 * the last open dialog. Storage may be missing or refuse access (private modes, blocked
 * storage); then nothing is remembered and the widget still works for this page.
 */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function recall(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function remember(key: string, value: string | null): void {
  try {
    const s = storage();
    if (value === null) {
      s?.removeItem(key);
    } else {
      s?.setItem(key, value);
    }
  } catch {
    // A full or blocked storage only costs the memory across page loads.
  }
}

export const resourceKey = (tenant: string) => `aisle.resourceId:${tenant}`;
export const threadKey = (tenant: string, resourceId: string) => `aisle.threadId:${JSON.stringify([tenant, resourceId])}`;
