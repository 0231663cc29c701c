import { useLoaderData } from "@remix-run/react";

import { PageHeading } from "~/components/PageHeading";
import { clientLogos, clientNames } from "~/content";
import { MEDIA_SIZES } from "~/lib/media";
import { sectionMeta } from "~/lib/seo";

export function loader() {
  return { logos: clientLogos, names: clientNames };
}

const { width, height } = MEDIA_SIZES.clientLogo;

/** The first row of a desktop grid is in the first screen. */
const EAGER_LOGOS = 8;

export default function Clients() {
  const { logos, names } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading>Clients</PageHeading>
      <div className="mx-auto max-w-screen-2xl px-5 pb-20 md:px-10">
      <ul className="grid grid-cols-3 gap-x-4 gap-y-2 sm:grid-cols-4 lg:grid-cols-6 xl:grid-cols-8">
        {logos.map((client, index) => (
          <li key={client.logo}>
            <img
              src={client.logo}
              alt={client.alt}
              width={width}
              height={height}
              loading={index < EAGER_LOGOS ? "eager" : "lazy"}
              decoding="async"
              className="h-auto w-full opacity-80"
            />
          </li>
        ))}
      </ul>
      <h2 className="mt-20 border-t border-line pt-10 text-xs font-medium uppercase tracking-label text-muted">
        Selected clients
      </h2>
      <ul className="mt-8 columns-1 gap-x-8 text-sm leading-7 tracking-wide md:columns-3">
        {names.map((name) => (
          <li key={name} className="break-inside-avoid">
            {name}
          </li>
        ))}
      </ul>
      </div>
    </>
  );
}

export const meta = sectionMeta("/clients");
