/**
 * The editing pages' look, inlined in each (edit/app/root.tsx). On a phone a page never scrolls
 * sideways: each table scrolls in its own focusable box, and the editing screen's links (nav.editing)
 * stand in a row above the page. One constant, not a CSS file the routes import: the classic
 * compiler's CSS imports fail on a second build of an app whose config is not in the working folder
 * ("entry file not found", from its css-file plugin), as edit/remix's is not.
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
/* The Links page's: its form in one column, the copy rows, the rows' buttons, and on a phone each link a card, each figure under its column's name. */
h3{font-size:1rem;margin:1rem 0 .25rem}
form.make{display:grid;gap:.9rem;max-width:40rem;align-items:start}
form.make button[type="submit"]{justify-self:start}
.field{display:grid;gap:.2rem}
.field>input[type="date"]{justify-self:start}
.field>label{font-size:.9rem;color:#1d1d1f;font-weight:600}
textarea{font:inherit;padding:.3rem .5rem;border:1px solid #bbb;border-radius:4px;resize:vertical}
form.make textarea,form.make input:not([type="date"]),.copy-row input{width:100%;box-sizing:border-box}
.hint{font-size:.8rem;color:#595959}
.recognised{font-size:.85rem;min-height:1.3em}
.recognised p{margin:.1rem 0}
.unknown{color:#b42318}
.alert{color:#b42318;margin:0}
.alert:empty,.recognised:empty{display:none}
.made{max-width:40rem;border-left:3px solid #0a58ca;padding:.25rem 0 .25rem 1rem;margin:1rem 0}
.copy-row{display:flex;gap:.5rem;align-items:end;margin:.5rem 0}
.copy-row label{flex:1;min-width:0}
.off{background:#fff4e5;border-left:3px solid #b54708;padding:.5rem .75rem;max-width:52rem}
.note{display:block;color:#595959;font-size:.8rem}
p.note{margin:0 0 .2rem}
ol{margin:0;padding-left:1.4rem}
button.quiet{background:#fff;color:#0a58ca}
button.danger{background:#fff;color:#b42318;border-color:#b42318}
td.actions form{display:block;margin:0 0 .4rem}
td.actions button{white-space:nowrap}
td.actions>button{display:block;margin:0 0 .4rem}
td.recipient{min-width:9rem}
td.shortlist{min-width:10rem}
td.pages,td.reels{min-width:13rem}
ul.times{list-style:none;padding:0;font-size:.8rem;color:#555;white-space:nowrap}
@media (max-width:40rem){
table.links,table.links tbody,table.links tr,table.links td{display:block}
table.links thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
table.links tr{border-bottom:1px solid #e3e3e3;padding:.6rem 0}
table.links td{border:0;padding:.2rem 0;min-width:0}
table.links td::before{content:attr(data-label);content:attr(data-label) / "";display:block;font-size:.75rem;text-transform:uppercase;letter-spacing:.03em;color:#555}
td.actions form,td.actions>button{display:inline-block;margin-right:.4rem}
}
`;
