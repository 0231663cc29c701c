import { useLoaderData } from "@remix-run/react";

import { PageHeading } from "#app/components/page-heading.tsx";
import type { loader } from "#app/loaders/contact-page.server.ts";
import { sectionMeta } from "#app/lib/seo.ts";

export { loader } from "#app/loaders/contact-page.server.ts";

export default function Contact() {
  const { contact } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading>Contact</PageHeading>
      <div className="mx-auto max-w-screen-2xl space-y-10 px-5 pb-24 text-xl font-light leading-relaxed md:px-10 md:text-3xl">
        <address className="not-italic">
          {contact.addressLines.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
        <p className="space-y-1">
          <a href={`tel:${contact.phone.replace(/[^+\d]/g, "")}`} className="block hover:text-muted">
            {contact.phone}
          </a>
          <a href={`mailto:${contact.email}`} className="block hover:text-muted">
            {contact.email}
          </a>
        </p>
        <p className="max-w-2xl text-base text-muted md:text-lg">{contact.pr}</p>
      </div>
    </>
  );
}

export const meta = sectionMeta;
