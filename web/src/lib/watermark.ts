/**
 * The watermark of items with `show_watermark`: the viewer's name and the date, tiled faintly
 * over the page as a CSS background. An SVG data URL, not text in the DOM: it cannot be selected
 * or copied with the page, and it prints (`print-color-adjust: exact` in the CSS).
 */
import { escapeHtml } from '@core/markdown/escape';

export function watermarkBackground(username: string, date: string): string {
  const label = escapeHtml(`${username} ${date}`.trim());
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="280" height="180">` +
    `<text x="140" y="95" text-anchor="middle" transform="rotate(-24 140 90)" fill="rgba(17,24,39,0.09)" ` +
    `font-family="sans-serif" font-size="15">${label}</text></svg>`;
  return `url("data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}")`;
}
