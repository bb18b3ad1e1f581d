/**
 * What one device remembers between visits (the browser's storage): the kitchen board's settings, kept
 * per tablet rather than per account, since they belong to the tablet's place and its printer.
 */
export function recall(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function keep(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private windows may refuse storage: the setting is then forgotten when the page closes.
  }
}
