import React from 'react';

// Load pages ship no stylesheet (src/build/ssr.tsx drops it: tens of thousands of pages show only
// this line), so the notice carries its own few rules.
const NOTICE_CSS = `
.yb-notice{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:16px;min-height:100vh;margin:0;padding:24px;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',Arial,sans-serif;color:#4a5568;text-align:center}
.yb-notice h1{margin:0;font-size:1rem;font-weight:400}
.yb-spinner{width:40px;height:40px;border:4px solid #e8f0fe;border-top-color:#0b57d0;border-radius:50%;animation:yb-spin .8s linear infinite}
@keyframes yb-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.yb-spinner{animation-duration:3s}}
`;

/**
 * The only visible content of a load page while it hands over to the app. Inside a page that has its
 * own main (the 404 page, before it knows the path is a load's) it is a plain block: a document has
 * one visible main.
 */
export function LoadingNotice({ text, landmark = true }: { text: string; landmark?: boolean }) {
  const Element = landmark ? 'main' : 'div';
  return (
    <Element className="yb-notice">
      {/* Inner HTML, not a text child: React's server renderer would escape the quotes, and the
          browser, which reads style text raw, would then disagree with it at hydration. */}
      <style dangerouslySetInnerHTML={{ __html: NOTICE_CSS }} />
      <span className="yb-spinner" aria-hidden="true" />
      {/* The line is all the page shows, so it is the page's heading too. */}
      <div role="status">
        <h1>{text}</h1>
      </div>
    </Element>
  );
}
