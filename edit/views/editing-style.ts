/**
 * The editing pages' look (edit/app/root.tsx; the Links page adds its own, styles/links.css). On a
 * phone a page never scrolls sideways: each table scrolls in its own focusable box, and the editing
 * screen's links (nav.editing) stand in a row above the page.
 */
export const EDITING_STYLE = `
body{font:15px/1.45 system-ui,sans-serif;margin:2rem;color:#1d1d1f;background:#fff;max-width:78rem}
@media (max-width:40rem){body{margin:1rem}}
nav.editing{display:flex;justify-content:flex-end;align-items:center;flex-wrap:wrap;gap:.5rem;margin-bottom:1rem}
nav.editing form{margin:0}
.table-box{overflow-x:auto}.table-box:focus-visible{outline:2px solid #0a58ca;outline-offset:2px}
h1{font-size:1.6rem;margin:0 0 .5rem}h2{font-size:1.2rem;margin:2rem 0 .25rem}
a{color:#0a58ca}
form{display:flex;gap:1rem;align-items:end;flex-wrap:wrap;margin:1rem 0}
label{display:grid;gap:.2rem;font-size:.85rem;color:#555}
input,button{font:inherit;padding:.3rem .5rem;border:1px solid #bbb;border-radius:4px}
button{background:#0a58ca;color:#fff;border-color:#0a58ca;cursor:pointer}
.about{color:#555;margin:.25rem 0 .75rem;max-width:52rem}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.45rem .6rem;border-bottom:1px solid #e3e3e3;vertical-align:top}
th{font-size:.8rem;text-transform:uppercase;letter-spacing:.03em;color:#555}
td.number,th.number{text-align:right;font-variant-numeric:tabular-nums}
.slug{display:block;color:#595959;font-size:.8rem}
.watch-chart{width:260px;height:78px;display:block;background:#f4f6f9;overflow:visible}
.watch-chart .bar{fill:#2f6fd6}.watch-chart .half{stroke:#c5ccd6;stroke-dasharray:2 2;stroke-width:.5}
.watch-chart .spot{stroke:#d4380d;stroke-width:1.2}
.scale{display:flex;justify-content:space-between;width:260px;font-size:.75rem;color:#595959}
details{font-size:.8rem;color:#555;margin-top:.25rem}details table{width:auto}details td{padding:.1rem .5rem}
ul{margin:0;padding-left:1.1rem}
`;
