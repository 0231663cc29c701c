import { Fragment } from "react";

import { ExternalLink } from "./external-link.tsx";

/** A biography as the content writes it: "\n" marks a line break. */
export function Biography({ text, className }: { text: string; className: string }) {
  return (
    <p className={className}>
      {text.split("\n").map((line, index) => (
        <Fragment key={index}>
          {index > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </p>
  );
}

/** The artist's website and, when they have one, Instagram: list items for the caller's `<ul>`. */
export function ArtistWebLinks({
  website,
  instagram,
  instagramBaseUrl,
}: {
  website: string;
  instagram: string;
  instagramBaseUrl: string;
}) {
  return (
    <>
      <li>
        <ExternalLink href={`https://${website}`} className="hover:text-muted">
          {website}
        </ExternalLink>
      </li>
      {instagram && (
        <li>
          <ExternalLink href={`${instagramBaseUrl}${instagram}`} className="hover:text-muted">
            @{instagram}
          </ExternalLink>
        </li>
      )}
    </>
  );
}
