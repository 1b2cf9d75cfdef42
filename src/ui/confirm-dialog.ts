/** A modal confirmation (native `<dialog>`: focus is trapped and Escape cancels) for edits that change clusters. */
import { h } from './dom.js';

/**
 * Asks `question`; resolves true when the user confirms. Focus starts on
 * Cancel, so an Enter pressed out of habit changes nothing.
 *
 * @example
 * if (await confirmAction('Shatter cluster 12?', 'All 4 records become singletons.', 'Shatter')) await api.shatter(12);
 */
export function confirmAction(question: string, detail: string, confirmLabel: string): Promise<boolean> {
  return new Promise((resolve) => {
    const cancel = h('button', { type: 'button', onclick: () => dialog.close('cancel') }, 'Cancel');
    const ok = h('button', { type: 'button', class: 'danger', onclick: () => dialog.close('confirm') }, confirmLabel);
    const dialog = h(
      'dialog',
      { 'aria-labelledby': 'confirm-title', 'aria-describedby': 'confirm-detail' },
      h('h2', { id: 'confirm-title' }, question),
      h('p', { id: 'confirm-detail' }, detail),
      h('div', { class: 'dialog-actions' }, cancel, ok),
    );
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve(dialog.returnValue === 'confirm');
    });
    document.body.append(dialog);
    dialog.showModal();
    cancel.focus();
  });
}
