/**
 * The notice on a recipient link's selects page (docs/privacy.md): the buyer it was made for is told
 * what the agency sees of the visit, and offered the same list without the link. That is a plain
 * link, a full load, so the token the page holds in memory (app/analytics/track.client.ts) is
 * dropped with it; `noreferrer`, so the next page's referrer does not carry the token either.
 */
export function RecipientNotice({ agencyName, plainPath }: { agencyName: string; plainPath: string }) {
  return (
    <p role="note" className="mt-4 max-w-2xl text-sm text-muted print:hidden">
      This link was made for you: {agencyName} sees when it is opened, and which of its artists’ pages and reels are
      looked at during this visit. No cookie is set.{" "}
      <a href={plainPath} rel="noreferrer" className="text-paper underline underline-offset-4">
        Open it without this
      </a>
    </p>
  );
}
