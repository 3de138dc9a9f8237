import React from 'react';

// Load pages ship no stylesheet (src/gatsby/ssr.tsx drops it: tens of thousands of pages show only
// this line), so the notice carries its own few rules.
const NOTICE_CSS = `
.yb-notice{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:16px;min-height:100vh;margin:0;padding:24px;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',Arial,sans-serif;color:#4a5568;text-align:center}
.yb-notice h1{margin:0;font-size:1rem;font-weight:400}
.yb-notice p{margin:0}
.yb-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.yb-notice a{color:#0b57d0;font-weight:600}
.yb-spinner{width:40px;height:40px;border:4px solid #e8f0fe;border-top-color:#0b57d0;border-radius:50%;animation:yb-spin .8s linear infinite}
@keyframes yb-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.yb-spinner{animation-duration:3s}}
`;

interface LoadingNoticeProps {
  text: string;
  /** A visually hidden h1 naming the page, for screen readers' heading navigation (WCAG 1.3.1). */
  heading?: string;
  /** Where a visitor without script goes on: they are not redirected (WCAG 2.4.1). */
  handOver?: { href: string; text: string };
  /** A link that opens in a new tab (the load page's "Share in Telegram"), shown with or without script. */
  share?: { href: string; text: string; newTab: string };
  /** False inside a page that has its own main (the 404 page): a document has one visible main. */
  landmark?: boolean;
}

/**
 * The only visible content of a load page while it hands over to the app. Without a heading of its
 * own (the fallback for loads newer than the build, which does not know the route yet), the line is
 * the page's heading.
 */
export function LoadingNotice({ text, heading, handOver, share, landmark = true }: LoadingNoticeProps) {
  const Element = landmark ? 'main' : 'div';
  return (
    <Element className="yb-notice">
      {/* Inner HTML, not a text child: React's server renderer would escape the quotes, and the
          browser, which reads style text raw, would then disagree with it at hydration. First in its
          parent: HTML allows a style element in the body only there. */}
      <style dangerouslySetInnerHTML={{ __html: NOTICE_CSS }} />
      {heading ? <h1 className="yb-hidden">{heading}</h1> : null}
      <span className="yb-spinner" aria-hidden="true" />
      <div role="status">{heading ? <p>{text}</p> : <h1>{text}</h1>}</div>
      {handOver ? (
        <noscript>
          <a href={handOver.href}>{handOver.text}</a>
        </noscript>
      ) : null}
      {share ? (
        <p>
          <a href={share.href} target="_blank" rel="noopener">
            {share.text}
            <span className="yb-hidden"> {share.newTab}</span>
          </a>
        </p>
      ) : null}
    </Element>
  );
}
