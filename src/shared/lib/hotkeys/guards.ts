/** Input types where a letter is a choice, not text (a checkbox's space, a button's enter). */
const NON_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']);

/** The user is typing there: a text field, a text area, a select, or editable content. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return target.closest('[contenteditable=""], [contenteditable="true"]') !== null;
}

/** A modal dialog (a modal, a drawer, the command palette) is open: list and page keys rest. */
export function isModalOpen(root: ParentNode = document): boolean {
  return root.querySelector('[aria-modal="true"]') !== null;
}

/**
 * Whether a key press may run a single-key shortcut: not while composing (an IME turns letters
 * into Chinese), not with Ctrl, ⌘ or Alt held, not while typing, and not under a modal dialog
 * unless the shortcut says so (Esc).
 */
export function mayHandle(event: KeyboardEvent, { inModal = false }: { inModal?: boolean } = {}): boolean {
  if (event.defaultPrevented || event.isComposing || event.keyCode === 229) return false;
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  if (isTypingTarget(event.target)) return false;
  if (!inModal && isModalOpen()) return false;
  return true;
}
