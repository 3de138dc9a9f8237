/**
 * The share sheet's buttons (share-links.tsx) are in every card's HTML and hidden by CSS unless `<html>`
 * carries this attribute. Apart from the cards so gatsby-browser's entry carries a few lines, not them.
 */
const NATIVE_SHARE_ATTRIBUTE = 'data-native-share';

/**
 * Shows the share buttons where the browser has a share sheet, and opens it for the one clicked: one
 * listener on the document, so a card needs no script of its own and a list of cards can stay the
 * build's HTML, never hydrated (islands.tsx). Run once per page load (gatsby-browser's onClientEntry).
 */
export function enableNativeShare(): void {
  if (typeof navigator === 'undefined' || typeof navigator.share !== 'function') return;
  document.documentElement.setAttribute(NATIVE_SHARE_ATTRIBUTE, '');
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[data-share-url]') : null;
    if (!button) return;
    // Rejected when the person closes the sheet or the browser refuses: nothing to tell them, and the
    // Telegram link beside the button still works.
    navigator.share({ url: button.dataset.shareUrl, text: button.dataset.shareText }).catch(() => undefined);
  });
}
