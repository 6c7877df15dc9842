/**
 * The widget's styles, inside its shadow root: the shop's page styles cannot break it, and it
 * cannot break the page. Shops theme it with the custom properties below (they pass into the
 * shadow root) and with `aisle-chat::part(...)`.
 */
export const COMPONENT_CSS = `
:host {
  --_accent: var(--aisle-accent, #2257d6);
  --_bg: var(--aisle-bg, #ffffff);
  --_fg: var(--aisle-fg, #1c2430);
  --_radius: var(--aisle-radius, 14px);
  --_font: var(--aisle-font, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif);
  /* Dark enough for 4.5:1 also on the tinted backgrounds (a current dialog, a share box). */
  --_muted: color-mix(in srgb, var(--_fg) 74%, var(--_bg));
  --_line: color-mix(in srgb, var(--_fg) 14%, var(--_bg));
  --_soft: color-mix(in srgb, var(--_fg) 5%, var(--_bg));
  --_accent-soft: color-mix(in srgb, var(--_accent) 10%, var(--_bg));
  display: block;
  color: var(--_fg);
  font: 15px/1.45 var(--_font);
  -webkit-text-size-adjust: 100%;
}
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
.sr-only { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
button, textarea { font: inherit; color: inherit; }
button { cursor: pointer; }
button:disabled { cursor: default; opacity: .55; }
:focus-visible { outline: 2px solid var(--_accent); outline-offset: 2px; }
svg { width: 20px; height: 20px; fill: currentColor; flex: none; }

[part~="messages"] { display: flex; flex-direction: column; gap: 14px; }
[part~="message"] { display: flex; flex-direction: column; gap: 8px; max-width: 100%; min-width: 0; }
[part~="user-message"] { align-items: flex-end; }
[part~="bubble"] {
  max-width: 85%; padding: 9px 13px; border-radius: var(--_radius) var(--_radius) 4px var(--_radius);
  background: var(--_accent); color: #fff; white-space: pre-wrap; overflow-wrap: anywhere;
}
[part~="user-image"] { display: block; max-width: 160px; max-height: 160px; border-radius: 8px; margin-top: 6px; }
[part~="text"] { overflow-wrap: anywhere; }
[part~="text"][data-format="plain_text"] { white-space: pre-wrap; }
[part~="text"] p, [part~="text"] ul, [part~="text"] ol, [part~="text"] pre, [part~="text"] blockquote { margin: .4em 0; }
[part~="text"] ul, [part~="text"] ol { padding-left: 1.3em; }
[part~="text"] h1, [part~="text"] h2, [part~="text"] h3, [part~="text"] h4, [part~="text"] h5, [part~="text"] h6 { font-size: 1em; margin: .5em 0 .2em; }
[part~="text"] code { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: .9em; background: var(--_soft); padding: 0 .25em; border-radius: 4px; }
[part~="text"] pre { overflow-x: auto; background: var(--_soft); padding: 8px; border-radius: 8px; }
[part~="text"] blockquote { border-left: 3px solid var(--_line); padding-left: .7em; color: var(--_muted); }
[part~="text"] a { color: var(--_accent); }

[part~="products"] { display: flex; flex-direction: column; gap: 6px; min-width: 0; }
[part~="products-title"] { font-weight: 600; font-size: .93em; }
[part~="cards"] {
  display: flex; gap: 10px; margin: 0; padding: 2px 2px 8px; list-style: none;
  overflow-x: auto; scroll-snap-type: x proximity; overscroll-behavior-x: contain;
}
[part~="card"] {
  position: relative; flex: 0 0 158px; display: flex; flex-direction: column; scroll-snap-align: start;
  border: 1px solid var(--_line); border-radius: calc(var(--_radius) - 4px); background: var(--_bg); overflow: hidden;
  transition: box-shadow .15s, border-color .15s;
}
[part~="card"]:hover { border-color: color-mix(in srgb, var(--_accent) 45%, var(--_bg)); box-shadow: 0 2px 10px rgb(0 0 0 / .08); }
[part~="card-media"] { aspect-ratio: 1; background: #eef1f5; }
[part~="card-image"] { display: block; width: 100%; height: 100%; object-fit: contain; }
[part~="card-body"] { display: flex; flex-direction: column; gap: 2px; padding: 8px 10px 10px; flex: 1; }
[part~="card-name"] {
  font-size: .88em; line-height: 1.3; color: var(--_fg); text-decoration: none;
  display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical; overflow: hidden;
}
a[part~="card-link"]::after { content: ""; position: absolute; inset: 0; }
a[part~="card-link"]:hover { color: var(--_accent); }
a[part~="card-link"]:focus-visible { outline: none; }
[part~="card"]:focus-within { outline: 2px solid var(--_accent); outline-offset: 1px; }
[part~="card-brand"] { font-size: .8em; color: var(--_muted); }
[part~="card-price"] { margin-top: auto; padding-top: 4px; font-weight: 700; }

[part~="actions"], [part~="suggests"], [part~="starters"] { display: flex; flex-wrap: wrap; gap: 6px; }
[part~="action"] {
  padding: 7px 14px; border-radius: 999px; border: 0; background: var(--_accent); color: #fff; font-weight: 600;
}
[part~="suggest"], [part~="starter"] {
  padding: 6px 12px; border-radius: 999px; border: 1px solid color-mix(in srgb, var(--_accent) 55%, var(--_bg));
  background: var(--_bg); color: var(--_accent); text-align: left;
}
[part~="suggest"]:hover, [part~="starter"]:hover { background: var(--_accent-soft); }
[part~="reactions"] { display: flex; gap: 2px; }
[part~="like"], [part~="dislike"] {
  display: inline-flex; padding: 5px; border: 0; border-radius: 8px; background: transparent; color: var(--_muted);
}
[part~="like"] svg, [part~="dislike"] svg { width: 17px; height: 17px; }
[part~="like"]:hover, [part~="dislike"]:hover { background: var(--_soft); }
[part~="like"][aria-pressed="true"], [part~="dislike"][aria-pressed="true"] { color: var(--_accent); background: var(--_accent-soft); }
`;

export const CHAT_CSS = `
[part~="panel"] {
  position: relative; display: flex; flex-direction: column; height: 100%; min-height: 320px; overflow: hidden;
  background: var(--_bg); border: 1px solid var(--_line); border-radius: var(--_radius);
}
:host { height: 600px; max-height: 100%; }
[part~="header"] {
  display: flex; align-items: center; gap: 4px; padding: 8px 8px 8px 14px; border-bottom: 1px solid var(--_line); min-height: 50px;
}
[part~="title"] { flex: 1; min-width: 0; display: flex; flex-direction: column; line-height: 1.25; }
.title-name, .title-sub { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.title-name { font-weight: 650; }
.title-sub { font-size: .8em; color: var(--_muted); }
.main { position: relative; flex: 1; min-height: 0; display: flex; flex-direction: column; }
[part~="header"] button {
  display: inline-flex; align-items: center; gap: 6px; padding: 7px; border: 0; border-radius: 8px; background: transparent; color: var(--_fg);
}
[part~="header"] button:hover:not(:disabled), [part~="header"] button[aria-expanded="true"] { background: var(--_soft); }
.label { font-size: .9em; }
.label:empty { display: none; }
[part~="body"] { position: relative; flex: 1; min-height: 0; overflow-y: auto; padding: 14px; scroll-behavior: smooth; }
[part~="welcome"] { display: flex; flex-direction: column; gap: 12px; padding: 6px 0 14px; }
[part~="welcome"] p { margin: 0; }
[part~="starters"] { flex-direction: column; align-items: flex-start; }
[part~="typing"] { display: flex; gap: 4px; padding: 6px 2px; }
[part~="typing"] span { width: 7px; height: 7px; border-radius: 50%; background: var(--_muted); animation: aisle-dot 1s infinite ease-in-out; }
[part~="typing"] span:nth-child(2) { animation-delay: .15s; }
[part~="typing"] span:nth-child(3) { animation-delay: .3s; }
@keyframes aisle-dot { 0%, 80%, 100% { opacity: .25; transform: translateY(0); } 40% { opacity: 1; transform: translateY(-3px); } }
@media (prefers-reduced-motion: reduce) { [part~="typing"] span { animation: none; } [part~="body"] { scroll-behavior: auto; } }

[part~="error"] {
  display: flex; align-items: center; gap: 10px; margin: 0 10px 8px; padding: 9px 12px; border-radius: 10px;
  background: #fdecec; color: #8a1c1c; font-size: .92em;
}
[part~="error"] .error-text { flex: 1; }
[part~="retry"] { padding: 5px 12px; border-radius: 8px; border: 1px solid #8a1c1c; background: #fff; color: #8a1c1c; font-weight: 600; }

[part~="share-box"] {
  display: flex; flex-wrap: wrap; align-items: center; gap: 6px 8px; margin: 0 10px 8px; padding: 9px 12px; border-radius: 10px;
  background: var(--_accent-soft); font-size: .9em;
}
[part~="share-box"] .share-label { width: 100%; }
[part~="share-link"] { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; color: var(--_accent); }
[part~="copy"], .share-close { display: inline-flex; align-items: center; gap: 4px; padding: 5px 10px; border-radius: 8px; border: 1px solid var(--_line); background: var(--_bg); }
.share-close { padding: 5px; }
.share-close svg, [part~="copy"] svg { width: 16px; height: 16px; }

[part~="composer"] { display: flex; align-items: flex-end; gap: 8px; padding: 10px; border-top: 1px solid var(--_line); }
[part~="input"] {
  flex: 1; min-height: 42px; max-height: 140px; resize: none; padding: 10px 12px; border: 1px solid var(--_line);
  border-radius: 12px; background: var(--_bg); line-height: 1.35;
}
[part~="input"]:focus-visible { outline: 2px solid var(--_accent); outline-offset: 0; border-color: transparent; }
[part~="send"] {
  display: inline-flex; align-items: center; justify-content: center; width: 42px; height: 42px; border: 0; border-radius: 12px;
  background: var(--_accent); color: #fff;
}

[part~="dialogs"] {
  position: absolute; inset: 0; z-index: 2; display: flex; flex-direction: column; background: var(--_bg);
}
.dialogs-head { display: flex; align-items: center; justify-content: space-between; padding: 10px 14px; font-weight: 650; }
.dialogs-head button { padding: 6px; border: 0; border-radius: 8px; background: transparent; display: inline-flex; }
.dialogs-list { flex: 1; overflow-y: auto; margin: 0; padding: 0 8px 8px; list-style: none; }
[part~="dialog-item"] { display: flex; align-items: center; gap: 4px; border-radius: 10px; }
[part~="dialog-item"][aria-current="true"] { background: var(--_accent-soft); }
[part~="open"] {
  flex: 1; min-width: 0; display: flex; flex-direction: column; align-items: flex-start; gap: 1px; padding: 9px 10px;
  border: 0; border-radius: 10px; background: transparent; text-align: left;
}
[part~="open"]:hover { background: var(--_soft); }
.dialog-title { max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.dialog-date { font-size: .8em; color: var(--_muted); }
[part~="hide"] { display: inline-flex; padding: 7px; border: 0; border-radius: 8px; background: transparent; color: var(--_muted); }
[part~="hide"]:hover { background: #fdecec; color: #8a1c1c; }
.dialogs-empty { padding: 10px 14px; color: var(--_muted); }
[part~="more"] { margin: 4px 14px 12px; padding: 7px; border: 1px solid var(--_line); border-radius: 8px; background: var(--_bg); }

@media (max-width: 480px) {
  [part~="header"] .label { display: none; }
  [part~="card"] { flex-basis: 142px; }
  [part~="bubble"] { max-width: 92%; }
  /* Below 16px phones zoom the page in when the field gets focus. */
  [part~="input"] { font-size: 16px; }
}
`;

export const SHARED_CSS = `
:host { max-width: 760px; margin: 0 auto; }
[part~="messages"] { padding: 4px 0 8px; }
/* A page has room: every card of a selection in view, no sideways scrolling. */
[part~="cards"] { flex-wrap: wrap; overflow: visible; }
`;
